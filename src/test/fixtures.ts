import type { Db } from "@/server/db/client";
import { SEED } from "@/server/domain/access/actor";
import type { KeyMode, Scope } from "@/server/domain/access/api-key";
import { createApiKey } from "@/server/services/access";
import { seedCatalog } from "@/server/services/catalog";
import { createOrganization } from "@/server/services/organizations";

const testActor = SEED;

export async function seededCatalog(db: Db): Promise<void> {
  await seedCatalog(
    { db },
    {
      actor: SEED,
    },
  );
}

export interface TestOrg {
  id: string;
  /** A key with every scope unless told otherwise. */
  token: string;
  keyId: string;
  apiKeyId: string;
}

export async function createTestOrg(
  db: Db,
  options: {
    depositIdr?: bigint;
    thresholdIdr?: bigint | null;
    scopes?: Scope[];
    maxOrderIdr?: bigint;
    monthlyBudgetIdr?: bigint;
    status?: "aktif" | "menunggu_persetujuan" | "ditangguhkan";
    /** The key's mode; the deposit given is live money either way. */
    mode?: KeyMode;
  } = {},
): Promise<TestOrg> {
  const org = await createOrganization(
    { db },
    {
      actor: testActor,
      input: {
        name: "PT Uji Coba",
        depositIdr: options.depositIdr ?? 20_000_000n,
        approvalThresholdIdr: options.thresholdIdr ?? null,
        status: options.status ?? "aktif",
      },
    },
  );
  const key = await createApiKey(
    { db },
    {
      actor: testActor,
      input: {
        organizationId: org.id,
        scopes: options.scopes,
        maxOrderIdr: options.maxOrderIdr,
        monthlyBudgetIdr: options.monthlyBudgetIdr,
        mode: options.mode,
      },
    },
  );
  return { id: org.id, token: key.token, keyId: key.keyId, apiKeyId: key.id };
}

/** One more key (every scope unless told otherwise) in an existing organisation. */
export async function addTestKey(db: Db, organizationId: string, options: { mode?: KeyMode; scopes?: Scope[]; webhookUrl?: string } = {}) {
  const key = await createApiKey({ db }, { actor: testActor, input: { organizationId, ...options } });
  return { token: key.token, keyId: key.keyId, apiKeyId: key.id, webhookSecret: key.webhookSecret };
}

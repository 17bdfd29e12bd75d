import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createApiKey } from "../access";
import type { ServiceDeps } from "../deps";
import { createOrganization, topUpDeposit } from "../organizations";

export const DEMO_ORGANIZATION_NAME = "Organisasi Demo";
export const DEMO_DEPOSIT_IDR = 50_000_000n;
export const DEMO_APPROVAL_THRESHOLD_IDR = 10_000_000n;

/** The demo secrets' files under the data directory: the live key, the sandbox's test key and its webhook secret. */
const DEMO_KEY_FILES = {
  live: "demo-api-key.txt",
  test: "demo-test-api-key.txt",
  testWebhookSecret: "demo-test-webhook-secret.txt",
} as const;

type DemoSecret = keyof typeof DEMO_KEY_FILES;

export interface DemoOptions {
  /** Where to keep the secrets (embedded database only); null keeps them nowhere. */
  dataDir: string | null;
  /** A live key and a live deposit made out of nothing: never on PostgreSQL in production (config.demo). */
  liveMoney: boolean;
}

export interface Demo {
  /** True only on the start that created it: the one time its secrets are shown. */
  created: boolean;
  /** The new secrets, on creation only; null afterwards, so no start prints a secret twice. */
  secrets: Record<DemoSecret, string | null>;
  /** The files that keep each secret (embedded database), to point at instead of printing it. */
  files: Record<DemoSecret, string | null>;
}

const NO_SECRETS: Demo["secrets"] = { live: null, test: null, testWebhookSecret: null };

/**
 * On the first start of an empty database: an approved demo organisation with a test key, a test
 * deposit, and (when `liveMoney`) a live key and a live deposit of the same size, so a new
 * developer can call the API at once. The secrets are returned this once, and kept in `dataDir`
 * (readable by the owner only) so the developer can read them again from the file.
 */
export async function ensureDemo(deps: Pick<ServiceDeps, "db">, options: DemoOptions): Promise<Demo> {
  const { db } = deps;
  const fileOf = (secret: DemoSecret) => (options.dataDir ? path.resolve(options.dataDir, DEMO_KEY_FILES[secret]) : null);
  const keptIn = (secret: DemoSecret) => {
    const file = fileOf(secret);
    return file && existsSync(file) ? file : null;
  };
  if ((await db.organization.count()) > 0) {
    return {
      created: false,
      secrets: NO_SECRETS,
      files: { live: keptIn("live"), test: keptIn("test"), testWebhookSecret: keptIn("testWebhookSecret") },
    };
  }

  const actor = { actorType: "system" as const, actorId: null };
  const org = await createOrganization(deps, actor, {
    name: DEMO_ORGANIZATION_NAME,
    status: "aktif",
    depositIdr: options.liveMoney ? DEMO_DEPOSIT_IDR : undefined,
    approvalThresholdIdr: DEMO_APPROVAL_THRESHOLD_IDR,
  });
  await topUpDeposit(deps, actor, org.id, DEMO_DEPOSIT_IDR, "deposit uji demo", false);
  const live = options.liveMoney ? await createApiKey(deps, actor, { organizationId: org.id, name: "demo" }) : null;
  const test = await createApiKey(deps, actor, { organizationId: org.id, name: "demo (test)", mode: "test" });
  const secrets = { live: live?.token ?? null, test: test.token, testWebhookSecret: test.webhookSecret };
  const files: Demo["files"] = { live: null, test: null, testWebhookSecret: null };
  for (const secret of Object.keys(DEMO_KEY_FILES) as DemoSecret[]) {
    const file = fileOf(secret);
    const value = secrets[secret];
    if (!file || !value) continue;
    writeFileSync(file, `${value}\n`, { mode: 0o600 });
    files[secret] = file;
  }
  return { created: true, secrets, files };
}

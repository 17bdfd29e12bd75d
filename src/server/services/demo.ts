import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "@/server/db/client";
import { createApiKey } from "./api-keys";
import { createOrganization } from "./organizations";

export const DEMO_ORGANIZATION_NAME = "Organisasi Demo";
export const DEMO_DEPOSIT_IDR = 50_000_000n;
export const DEMO_APPROVAL_THRESHOLD_IDR = 10_000_000n;

/**
 * On the first start of an empty database: an approved demo organisation with a deposit and an
 * API key with every scope, so a new developer can call the API at once. The key's secret is
 * kept in `<dataDir>/demo-api-key.txt` (embedded database only) so later starts can show it.
 */
export async function ensureDemo(db: Db, dataDir: string | null): Promise<{ token: string | null; created: boolean }> {
  const keyFile = dataDir ? path.resolve(dataDir, "demo-api-key.txt") : null;
  if ((await db.organization.count()) > 0) {
    const token = keyFile && existsSync(keyFile) ? readFileSync(keyFile, "utf8").trim() : null;
    return { token, created: false };
  }
  const actor = { actorType: "system" as const, actorId: null };
  const org = await createOrganization(
    db,
    { name: DEMO_ORGANIZATION_NAME, status: "aktif", depositIdr: DEMO_DEPOSIT_IDR, approvalThresholdIdr: DEMO_APPROVAL_THRESHOLD_IDR },
    actor,
  );
  const key = await createApiKey(db, { organizationId: org.id, name: "demo" }, actor);
  if (keyFile) writeFileSync(keyFile, `${key.token}\n`, { mode: 0o600 });
  return { token: key.token, created: true };
}

import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "@/server/db/client";
import { createApiKey } from "./api-keys";
import { createOrganization, topUpDeposit } from "./organizations";

export const DEMO_ORGANIZATION_NAME = "Organisasi Demo";
export const DEMO_DEPOSIT_IDR = 50_000_000n;
export const DEMO_APPROVAL_THRESHOLD_IDR = 10_000_000n;

/** The demo keys' files under the data directory: the live key, the sandbox's test key and its webhook secret. */
export const DEMO_KEY_FILES = { live: "demo-api-key.txt", test: "demo-test-api-key.txt", testWebhookSecret: "demo-test-webhook-secret.txt" } as const;

export interface Demo {
  /** `kk_live_…`: real orders, offered to real practitioners. */
  token: string | null;
  /** `kk_test_…`: sandbox orders, driven with /v1/test_helpers. */
  testToken: string | null;
  /** Signs the test key's webhooks, so the sandbox quick start can verify them. */
  testWebhookSecret: string | null;
  created: boolean;
}

/**
 * On the first start of an empty database: an approved demo organisation with a live deposit and
 * a test deposit of the same size, and two API keys with every scope — a live key and a test key
 * for the sandbox — so a new developer can call the API at once. The keys' secrets are kept in
 * `<dataDir>` (embedded database only, readable by the owner only) so later starts can show them.
 */
export async function ensureDemo(db: Db, dataDir: string | null): Promise<Demo> {
  const fileOf = (mode: keyof typeof DEMO_KEY_FILES) => (dataDir ? path.resolve(dataDir, DEMO_KEY_FILES[mode]) : null);
  const read = (file: string | null) => (file && existsSync(file) ? readFileSync(file, "utf8").trim() : null);
  if ((await db.organization.count()) > 0) {
    return { token: read(fileOf("live")), testToken: read(fileOf("test")), testWebhookSecret: read(fileOf("testWebhookSecret")), created: false };
  }

  const actor = { actorType: "system" as const, actorId: null };
  const org = await createOrganization(
    db,
    { name: DEMO_ORGANIZATION_NAME, status: "aktif", depositIdr: DEMO_DEPOSIT_IDR, approvalThresholdIdr: DEMO_APPROVAL_THRESHOLD_IDR },
    actor,
  );
  await topUpDeposit(db, org.id, DEMO_DEPOSIT_IDR, "demo test deposit", actor, false);
  const live = await createApiKey(db, { organizationId: org.id, name: "demo" }, actor);
  const test = await createApiKey(db, { organizationId: org.id, name: "demo (test)", mode: "test" }, actor);
  const demo = { token: live.token, testToken: test.token, testWebhookSecret: test.webhookSecret, created: true };
  for (const [name, secret] of [["live", demo.token], ["test", demo.testToken], ["testWebhookSecret", demo.testWebhookSecret]] as const) {
    const file = fileOf(name);
    if (file) writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  }
  return demo;
}

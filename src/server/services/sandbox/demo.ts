import { randomBytes } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SEED } from "@/server/domain/access/actor";
import { createApiKey, createPractitioner, createUser } from "../access";
import type { ServiceDeps } from "../deps";
import { createOrganization, topUpDeposit } from "../organizations";

export const DEMO_ORGANIZATION_NAME = "Organisasi Demo";
export const DEMO_DEPOSIT_IDR = 50_000_000n;
export const DEMO_APPROVAL_THRESHOLD_IDR = 10_000_000n;

/**
 * The demo secrets' files under the data directory: the live key, the sandbox's test key and its
 * webhook secret, and the sign-ins (e-mail and password) of the demo organisation's admin and of
 * the demo practitioner.
 */
const DEMO_FILES = {
  live: "demo-api-key.txt",
  test: "demo-test-api-key.txt",
  testWebhookSecret: "demo-test-webhook-secret.txt",
  admin: "demo-admin.txt",
  practitioner: "demo-practitioner.txt",
} as const;

type DemoSecret = keyof typeof DEMO_FILES;

/** The demo portal users: an admin of the demo organisation, and a practitioner of no field (offered no order). */
export const DEMO_USERS = {
  admin: { email: "admin.demo@kuasa.test", name: "Admin Demo" },
  practitioner: { email: "praktisi.demo@kuasa.test", name: "Praktisi Demo" },
} as const;

type DemoUser = keyof typeof DEMO_USERS;

export interface DemoOptions {
  /** Where to keep the secrets (embedded database only); null keeps them nowhere. */
  dataDir: string | null;
  /** A live key and a live deposit made out of nothing: never on PostgreSQL in production (config.demo). */
  liveMoney: boolean;
  /** The demo admin and practitioner with random passwords: never on PostgreSQL in production (config.demo). */
  portalUsers: boolean;
}

export interface Demo {
  /** True only on the start that created it: the one time its secrets are shown. */
  created: boolean;
  /** The new secrets (a portal user's: the password), on creation only; null afterwards, so no start prints a secret twice. */
  secrets: Record<DemoSecret, string | null>;
  /** The files that keep each secret (embedded database), to point at instead of printing it. */
  files: Record<DemoSecret, string | null>;
}

const NO_SECRETS: Demo["secrets"] = { live: null, test: null, testWebhookSecret: null, admin: null, practitioner: null };

const isUser = (secret: DemoSecret): secret is DemoUser => Object.hasOwn(DEMO_USERS, secret);

/** A sign-in file: the e-mail and the password, one per line, as the sign-in page asks for them. */
function fileText(secret: DemoSecret, value: string): string {
  return isUser(secret) ? `e-mail: ${DEMO_USERS[secret].email}\npassword: ${value}\n` : `${value}\n`;
}

/**
 * On the first start of an empty database: an approved demo organisation with a test key, a test
 * deposit, and (when `liveMoney`) a live key and a live deposit of the same size, so a new
 * developer can call the API at once; and (when `portalUsers`) an admin of that organisation and a
 * practitioner, so they can sign in to the portals. The secrets are returned this once, and kept in
 * `dataDir` (readable by the owner only) so the developer can read them again from the file.
 */
export async function ensureDemo(deps: Pick<ServiceDeps, "db" | "passwordHashing">, options: DemoOptions): Promise<Demo> {
  const { db } = deps;
  const fileOf = (secret: DemoSecret) => (options.dataDir ? path.resolve(options.dataDir, DEMO_FILES[secret]) : null);
  const keptIn = (secret: DemoSecret) => {
    const file = fileOf(secret);
    return file && existsSync(file) ? file : null;
  };
  const secretNames = Object.keys(DEMO_FILES) as DemoSecret[];
  if ((await db.organization.count()) > 0) {
    return { created: false, secrets: NO_SECRETS, files: Object.fromEntries(secretNames.map((s) => [s, keptIn(s)])) as Demo["files"] };
  }

  const actor = SEED;
  const org = await createOrganization(deps, {
    actor,
    input: {
      name: DEMO_ORGANIZATION_NAME,
      status: "aktif",
      depositIdr: options.liveMoney ? DEMO_DEPOSIT_IDR : undefined,
      approvalThresholdIdr: DEMO_APPROVAL_THRESHOLD_IDR,
    },
  });
  await topUpDeposit(deps, { actor, organizationId: org.id, amountIdr: DEMO_DEPOSIT_IDR, reference: "deposit uji demo", livemode: false });
  const live = options.liveMoney ? await createApiKey(deps, { actor, input: { organizationId: org.id, name: "demo" } }) : null;
  const test = await createApiKey(deps, { actor, input: { organizationId: org.id, name: "demo (test)", mode: "test" } });
  const secrets: Demo["secrets"] = { ...NO_SECRETS, live: live?.token ?? null, test: test.token, testWebhookSecret: test.webhookSecret };
  if (options.portalUsers) {
    const { admin, practitioner } = DEMO_USERS;
    secrets.admin = randomBytes(18).toString("base64url");
    await createUser(deps, { input: { ...admin, password: secrets.admin, role: "org_admin", organizationId: org.id }, actor });
    secrets.practitioner = randomBytes(18).toString("base64url");
    await createPractitioner(deps, { input: { ...practitioner, password: secrets.practitioner }, actor });
  }
  const files: Demo["files"] = { live: null, test: null, testWebhookSecret: null, admin: null, practitioner: null };
  for (const secret of secretNames) {
    const file = fileOf(secret);
    const value = secrets[secret];
    if (!file || !value) continue;
    writeFileSync(file, fileText(secret, value), { mode: 0o600 });
    files[secret] = file;
  }
  return { created: true, secrets, files };
}

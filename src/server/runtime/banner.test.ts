import { describe, expect, it } from "vitest";
import type { Demo } from "../services/sandbox";
import { type BannerFacts, startBanner } from "./banner";

const LIVE = "kk_live_AAAAAAAAAAAAAAAA.SECRETSECRETSECRETSECRETSECRET00";
const TEST = "kk_test_BBBBBBBBBBBBBBBB.SECRETSECRETSECRETSECRETSECRET11";
const WEBHOOK = "whsec_CCCCCCCCCCCCCCCCCCCC";
const ADMIN_PASSWORD = "AdminPasswordAdminPass00";
const PRACTITIONER_PASSWORD = "PraktisiPasswordPrakti11";
const files = {
  live: "/srv/kuasa/.data/demo-api-key.txt",
  test: "/srv/kuasa/.data/demo-test-api-key.txt",
  testWebhookSecret: "/srv/kuasa/.data/demo-test-webhook-secret.txt",
  admin: "/srv/kuasa/.data/demo-admin.txt",
  practitioner: "/srv/kuasa/.data/demo-practitioner.txt",
};
const secrets = { live: LIVE, test: TEST, testWebhookSecret: WEBHOOK, admin: ADMIN_PASSWORD, practitioner: PRACTITIONER_PASSWORD };
const none = { live: null, test: null, testWebhookSecret: null, admin: null, practitioner: null };

function banner(demo: Demo | null): string {
  const facts: BannerFacts = {
    publicUrl: "http://127.0.0.1:3000",
    nodeEnv: "production",
    database: "embedded PGlite",
    jobs: "sweeper",
    migrationsApplied: [],
    demo,
    cwd: "/srv/kuasa",
  };
  return startBanner(facts);
}

describe("startBanner", () => {
  it("says where the portals are and how to make the first operator and list organisations", () => {
    const text = banner(null);
    expect(text).toContain(
      "Portals: sign in at http://127.0.0.1:3000/masuk (operator console /operator, organisations /organisasi, practitioners /praktisi)",
    );
    expect(text).toContain("npm run ops -- user:create --role operator --email you@example.com --password '<at least 10 characters>'");
    expect(text).toContain("npm run ops -- org:list");
  });

  it("shows the demo secrets on the start that created them, with a curl line", () => {
    const text = banner({ created: true, secrets, files });
    expect(text).toContain(`Demo API key (shown once; kept in .data/demo-api-key.txt): ${LIVE}`);
    expect(text).toContain(`-H "Authorization: Bearer ${LIVE}"`);
    expect(text).toContain(TEST);
    expect(text).toContain(WEBHOOK);
  });

  it("never prints a secret again on a later start: it points at the files", () => {
    const text = banner({ created: false, secrets: none, files });
    for (const secret of [LIVE, TEST, WEBHOOK, "SECRET", ADMIN_PASSWORD, PRACTITIONER_PASSWORD]) expect(text).not.toContain(secret);
    expect(text).toContain("Demo API key: in .data/demo-api-key.txt");
    expect(text).toContain('-H "Authorization: Bearer $(cat .data/demo-api-key.txt)"');
    expect(text).toContain("Sandbox (test) key: in .data/demo-test-api-key.txt, its webhook secret in .data/demo-test-webhook-secret.txt");
  });

  it("says nothing of a demo on PostgreSQL after its first start, and nothing of a live key that was never made", () => {
    expect(banner({ created: false, secrets: none, files: none })).not.toMatch(/Demo|Sandbox|Sign in to/);
    const testOnly = banner({ created: true, secrets: { ...none, test: TEST, testWebhookSecret: WEBHOOK }, files: none });
    expect(testOnly).not.toContain("Demo API key");
    expect(testOnly).not.toContain("Sign in to");
    expect(testOnly).toContain(TEST);
    expect(banner(null)).not.toMatch(/Demo|Sandbox|Sign in to/);
  });

  it("names the demo admin's and practitioner's sign-in files on every start, never their passwords", () => {
    for (const demo of [
      { created: true, secrets, files },
      { created: false, secrets: none, files },
    ]) {
      const text = banner(demo);
      expect(text).toContain(
        "Sign in to the organisation admin portal at http://127.0.0.1:3000/masuk with the e-mail and password in .data/demo-admin.txt",
      );
      expect(text).toContain(
        "Sign in to the practitioner portal at http://127.0.0.1:3000/masuk with the e-mail and password in .data/demo-practitioner.txt",
      );
      expect(text).not.toContain(ADMIN_PASSWORD);
      expect(text).not.toContain(PRACTITIONER_PASSWORD);
    }
  });

  it("shows a demo user's password once where no file keeps it (PostgreSQL with SEED_DEMO=true)", () => {
    const text = banner({ created: true, secrets, files: none });
    expect(text).toContain(
      `Sign in to the organisation admin portal at http://127.0.0.1:3000/masuk as admin.demo@kuasa.test with the password (shown once: copy it now) ${ADMIN_PASSWORD}`,
    );
    expect(text).toContain(`as praktisi.demo@kuasa.test with the password (shown once: copy it now) ${PRACTITIONER_PASSWORD}`);
  });
});

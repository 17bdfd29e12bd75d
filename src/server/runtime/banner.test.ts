import { describe, expect, it } from "vitest";
import type { Demo } from "../services/sandbox";
import { type BannerFacts, startBanner } from "./banner";

const LIVE = "kk_live_AAAAAAAAAAAAAAAA.SECRETSECRETSECRETSECRETSECRET00";
const TEST = "kk_test_BBBBBBBBBBBBBBBB.SECRETSECRETSECRETSECRETSECRET11";
const WEBHOOK = "whsec_CCCCCCCCCCCCCCCCCCCC";
const files = {
  live: "/srv/kuasa/.data/demo-api-key.txt",
  test: "/srv/kuasa/.data/demo-test-api-key.txt",
  testWebhookSecret: "/srv/kuasa/.data/demo-test-webhook-secret.txt",
};

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
    const text = banner({ created: true, secrets: { live: LIVE, test: TEST, testWebhookSecret: WEBHOOK }, files });
    expect(text).toContain(`Demo API key (shown once; kept in .data/demo-api-key.txt): ${LIVE}`);
    expect(text).toContain(`-H "Authorization: Bearer ${LIVE}"`);
    expect(text).toContain(TEST);
    expect(text).toContain(WEBHOOK);
  });

  it("never prints a secret again on a later start: it points at the files", () => {
    const text = banner({ created: false, secrets: { live: null, test: null, testWebhookSecret: null }, files });
    for (const secret of [LIVE, TEST, WEBHOOK, "SECRET"]) expect(text).not.toContain(secret);
    expect(text).toContain("Demo API key: in .data/demo-api-key.txt");
    expect(text).toContain('-H "Authorization: Bearer $(cat .data/demo-api-key.txt)"');
    expect(text).toContain("Sandbox (test) key: in .data/demo-test-api-key.txt, its webhook secret in .data/demo-test-webhook-secret.txt");
  });

  it("says nothing of a demo on PostgreSQL after its first start, and nothing of a live key that was never made", () => {
    expect(
      banner({
        created: false,
        secrets: { live: null, test: null, testWebhookSecret: null },
        files: { live: null, test: null, testWebhookSecret: null },
      }),
    ).not.toMatch(/Demo|Sandbox/);
    const testOnly = banner({
      created: true,
      secrets: { live: null, test: TEST, testWebhookSecret: WEBHOOK },
      files: { live: null, test: null, testWebhookSecret: null },
    });
    expect(testOnly).not.toContain("Demo API key");
    expect(testOnly).toContain(TEST);
    expect(banner(null)).not.toMatch(/Demo|Sandbox/);
  });
});

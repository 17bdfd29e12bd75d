import { describe, expect, it } from "vitest";
import { readConfig as readConfigFrom } from "./config";

// Next's types make NODE_ENV a required key of ProcessEnv; these tests pass partial environments.
const readConfig = (env: Record<string, string>) => readConfigFrom(env as NodeJS.ProcessEnv);

describe("readConfig: webhooks and jobs", () => {
  it("defaults to a 10 s webhook timeout, the local sweeper, and private addresses allowed outside production", () => {
    const config = readConfig({ NODE_ENV: "development" });
    expect(config.webhooks).toEqual({ timeoutMs: 10_000, allowPrivate: true });
    expect(config.jobs).toEqual({ engine: "sweeper", sweepIntervalMs: 1_000, concurrency: 8 });
    expect(readConfig({ NODE_ENV: "test" }).webhooks.allowPrivate).toBe(true);
  });

  it("refuses private webhook addresses in production unless WEBHOOK_ALLOW_PRIVATE says otherwise", () => {
    expect(readConfig({ NODE_ENV: "production" }).webhooks.allowPrivate).toBe(false);
    expect(readConfig({ NODE_ENV: "production", WEBHOOK_ALLOW_PRIVATE: "true" }).webhooks.allowPrivate).toBe(true);
    expect(readConfig({ NODE_ENV: "development", WEBHOOK_ALLOW_PRIVATE: "0" }).webhooks.allowPrivate).toBe(false);
  });

  it.each([
    [{ INNGEST_EVENT_KEY: "evt" }, "inngest"],
    [{ INNGEST_SIGNING_KEY: "signkey-prod-1" }, "inngest"],
    [{ INNGEST_DEV: "1" }, "inngest"],
    [{ INNGEST_DEV: "http://localhost:8288" }, "inngest"],
    [{ INNGEST_DEV: "0" }, "sweeper"],
    [{ INNGEST_DEV: "" }, "sweeper"],
    [{}, "sweeper"],
  ])("%o selects the %s engine", (env, engine) => {
    expect(readConfig(env).jobs.engine).toBe(engine);
  });

  it("reads the sweeper's interval and concurrency and the webhook timeout", () => {
    const config = readConfig({ JOBS_SWEEP_INTERVAL_MS: "250", JOBS_CONCURRENCY: "3", WEBHOOK_TIMEOUT_MS: "500" });
    expect(config.jobs).toMatchObject({ sweepIntervalMs: 250, concurrency: 3 });
    expect(config.webhooks.timeoutMs).toBe(500);
  });

  it("looks for changes to MCP subscriptions every second unless MCP_WATCH_INTERVAL_MS says otherwise", () => {
    expect(readConfig({}).mcp).toEqual({ watchIntervalMs: 1_000 });
    expect(readConfig({ MCP_WATCH_INTERVAL_MS: "250" }).mcp).toEqual({ watchIntervalMs: 250 });
    expect(() => readConfig({ MCP_WATCH_INTERVAL_MS: "0" })).toThrow(/MCP_WATCH_INTERVAL_MS/);
  });

  it.each([
    [{ WEBHOOK_TIMEOUT_MS: "0" }, /WEBHOOK_TIMEOUT_MS/],
    [{ JOBS_CONCURRENCY: "two" }, /JOBS_CONCURRENCY/],
    [{ JOBS_SWEEP_INTERVAL_MS: "1.5" }, /JOBS_SWEEP_INTERVAL_MS/],
    [{ WEBHOOK_ALLOW_PRIVATE: "yes" }, /WEBHOOK_ALLOW_PRIVATE/],
    [{ OPERATOR_NAME: "Kuasa Hukum" }, /OPERATOR_NAME/],
    [{ OPERATOR_NAME: "Kuasa:" }, /OPERATOR_NAME/],
  ])("rejects %o", (env, message) => {
    expect(() => readConfig(env)).toThrow(message);
  });

  it("accepts an operator name that is a header token", () => {
    expect(readConfig({ OPERATOR_NAME: "Legal-Hub2" }).operatorName).toBe("Legal-Hub2");
  });
});

describe("readConfig: the demo seed", () => {
  it("seeds the demo with live money and portal users on the embedded database by default", () => {
    expect(readConfig({ NODE_ENV: "production" }).demo).toEqual({ seed: true, liveMoney: true, portalUsers: true });
  });

  it("does not seed on PostgreSQL unless SEED_DEMO asks", () => {
    expect(readConfig({ NODE_ENV: "production", DATABASE_URL: "postgresql://db/kuasa" }).demo.seed).toBe(false);
    expect(readConfig({ NODE_ENV: "development", DATABASE_URL: "postgresql://db/kuasa", SEED_DEMO: "true" }).demo).toEqual({
      seed: true,
      liveMoney: true,
      portalUsers: true,
    });
  });

  it("never makes live demo money or demo portal users on PostgreSQL in production, even when SEED_DEMO asks", () => {
    expect(readConfig({ NODE_ENV: "production", DATABASE_URL: "postgresql://db/kuasa", SEED_DEMO: "true" }).demo).toEqual({
      seed: true,
      liveMoney: false,
      portalUsers: false,
    });
  });

  it("lets SEED_DEMO=false turn the seed off on the embedded database", () => {
    expect(readConfig({ SEED_DEMO: "false" }).demo.seed).toBe(false);
    expect(() => readConfig({ SEED_DEMO: "maybe" })).toThrow(/SEED_DEMO/);
  });
});

describe("readConfig: invitations", () => {
  it("lets an organisation send 20 invitations a day unless INVITATIONS_PER_DAY says otherwise", () => {
    expect(readConfig({}).invitationsPerDay).toBe(20);
    expect(readConfig({ INVITATIONS_PER_DAY: "5" }).invitationsPerDay).toBe(5);
    expect(() => readConfig({ INVITATIONS_PER_DAY: "0" })).toThrow(/INVITATIONS_PER_DAY/);
  });
});

describe("readConfig: order rules", () => {
  it("defaults to auto-acceptance after 7 days, a stall refund after 24 hours, 2 revisions and 3 live offers a practitioner", () => {
    expect(readConfig({}).orderRules).toEqual({
      autoAcceptDays: 7,
      offerStallHours: 24,
      maxRevisions: 2,
      costReceiptDays: 14,
      offerCap: 3,
    });
  });

  it("reads ORDER_AUTO_ACCEPT_DAYS, OFFER_STALL_HOURS, ORDER_MAX_REVISIONS (0 revisions allowed), COST_RECEIPT_DAYS and OFFER_CAP", () => {
    const env = { ORDER_AUTO_ACCEPT_DAYS: "3", OFFER_STALL_HOURS: "48", ORDER_MAX_REVISIONS: "0", COST_RECEIPT_DAYS: "30", OFFER_CAP: "5" };
    expect(readConfig(env).orderRules).toEqual({
      autoAcceptDays: 3,
      offerStallHours: 48,
      maxRevisions: 0,
      costReceiptDays: 30,
      offerCap: 5,
    });
  });

  it.each([
    [{ ORDER_AUTO_ACCEPT_DAYS: "0" }, /ORDER_AUTO_ACCEPT_DAYS/],
    [{ OFFER_STALL_HOURS: "1.5" }, /OFFER_STALL_HOURS/],
    [{ ORDER_MAX_REVISIONS: "-1" }, /ORDER_MAX_REVISIONS/],
    [{ COST_RECEIPT_DAYS: "0" }, /COST_RECEIPT_DAYS/],
  ])("rejects %o", (env, message) => {
    expect(() => readConfig(env)).toThrow(message);
  });
});

describe("readConfig: server processes", () => {
  it("runs one process by default and WEB_CONCURRENCY processes on PostgreSQL", () => {
    expect(readConfig({}).processes).toBe(1);
    expect(readConfig({ WEB_CONCURRENCY: "4", DATABASE_URL: "postgresql://localhost/kuasa" }).processes).toBe(4);
  });

  it("refuses several processes on the embedded database, which one process owns", () => {
    expect(() => readConfig({ WEB_CONCURRENCY: "2" })).toThrow(/WEB_CONCURRENCY=2 needs DATABASE_URL/);
    expect(() => readConfig({ WEB_CONCURRENCY: "0", DATABASE_URL: "postgresql://localhost/kuasa" })).toThrow(/positive whole number/);
  });
});

describe("readConfig: e-mail", () => {
  it("sends no e-mail by default and writes From from the operator name and PUBLIC_URL's host", () => {
    const config = readConfig({ PUBLIC_URL: "https://api.kuasa.example/" });
    expect(config.smtp).toEqual({ url: undefined, from: "Kuasa <noreply@api.kuasa.example>" });
  });

  it("reads SMTP_URL (smtp:// or smtps://) and SMTP_FROM", () => {
    expect(readConfig({ SMTP_URL: "smtps://u:p@mail.example:465", SMTP_FROM: "Tim Kuasa <tim@kuasa.example>" }).smtp).toEqual({
      url: "smtps://u:p@mail.example:465",
      from: "Tim Kuasa <tim@kuasa.example>",
    });
    expect(readConfig({ SMTP_URL: "smtp://mail.example:587" }).smtp.url).toBe("smtp://mail.example:587");
  });

  it("refuses an SMTP_URL that is not an smtp:// or smtps:// URL", () => {
    expect(() => readConfig({ SMTP_URL: "https://mail.example" })).toThrow(/smtp:\/\/ or smtps:\/\//);
    expect(() => readConfig({ SMTP_URL: "mail.example:587" })).toThrow(/SMTP_URL/);
  });
});

describe("readConfig: files", () => {
  it("keeps files on disk in DATA_DIR/files and accepts 25 MiB by default", () => {
    expect(readConfig({}).files).toEqual({ maxBytes: 25 * 1024 * 1024, storage: { kind: "disk", dir: ".data/files" } });
    expect(readConfig({ DATA_DIR: "/var/lib/kuasa", FILE_MAX_BYTES: "1048576" }).files).toEqual({
      maxBytes: 1_048_576,
      storage: { kind: "disk", dir: "/var/lib/kuasa/files" },
    });
  });

  it("reads the S3 settings, with us-east-1, virtual-host addressing and the SDK's own credentials by default", () => {
    expect(readConfig({ FILE_STORAGE: "s3", S3_BUCKET: "kuasa-files" }).files.storage).toEqual({
      kind: "s3",
      endpoint: undefined,
      bucket: "kuasa-files",
      region: "us-east-1",
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
    const env = {
      FILE_STORAGE: "s3",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_BUCKET: "kuasa",
      S3_REGION: "ap-southeast-3",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "true",
    };
    expect(readConfig(env).files.storage).toEqual({
      kind: "s3",
      endpoint: "http://127.0.0.1:9000",
      bucket: "kuasa",
      region: "ap-southeast-3",
      accessKeyId: "id",
      secretAccessKey: "secret",
      forcePathStyle: true,
    });
  });

  it.each([
    [{ FILE_MAX_BYTES: "0" }, /FILE_MAX_BYTES must be a positive whole number, got 0/],
    [{ FILE_MAX_BYTES: "25MB" }, /FILE_MAX_BYTES/],
    [{ FILE_STORAGE: "gcs" }, /FILE_STORAGE must be disk or s3, got gcs/],
    [{ FILE_STORAGE: "s3" }, /FILE_STORAGE=s3 needs S3_BUCKET/],
    [{ FILE_STORAGE: "s3", S3_BUCKET: "b", S3_FORCE_PATH_STYLE: "yes" }, /S3_FORCE_PATH_STYLE/],
    [{ FILE_STORAGE: "s3", S3_BUCKET: "b", S3_ACCESS_KEY_ID: "id" }, /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/],
  ])("rejects %o", (env, message) => {
    expect(() => readConfig(env)).toThrow(message);
  });
});

describe("readConfig: password hashing", () => {
  it("lets hashing keep a tenth of a core busy unless PASSWORD_HASHING_CORE_PERCENT says otherwise", () => {
    expect(readConfig({}).passwordHashing).toEqual({ concurrency: 1, maxWaiting: 64, coreShare: 0.1, burstMs: 500 });
    expect(readConfig({ PASSWORD_HASHING_CORE_PERCENT: "100" }).passwordHashing.coreShare).toBe(1);
  });

  it.each(["0", "101", "12.5", "lots"])("refuses PASSWORD_HASHING_CORE_PERCENT=%s", (value) => {
    expect(() => readConfig({ PASSWORD_HASHING_CORE_PERCENT: value })).toThrow(/PASSWORD_HASHING_CORE_PERCENT/);
  });
});

import path from "node:path";
import { TrustedProxies } from "../domain/access/client-address";
import { DEFAULT_MCP_WATCH_INTERVAL_MS } from "../domain/mcp/resources";
import { DEFAULT_ORDER_RULES, type OrderRules } from "../domain/orders/order-rules";
import { DEFAULT_HASHING_LIMITS, DEFAULT_INVITATIONS_PER_DAY, DEFAULT_RATE_LIMITS, type HashingLimits } from "../services/access";
import type { FileStorageConfig } from "../services/files/storage";
/** Every setting the process reads, in one place; .env.example documents each. */
export interface Config {
  nodeEnv: "development" | "production" | "test";
  host: string;
  port: number;
  /** The address agents use, for links, the OpenAPI servers entry and the start banner. */
  publicUrl: string;
  databaseUrl?: string;
  dataDir: string;
  /** Server processes sharing the port (WEB_CONCURRENCY, node:cluster); above 1 only on PostgreSQL. */
  processes: number;
  /** Brand word in webhook headers: X-<Operator>-Signature, <Operator>-Webhook/1. */
  operatorName: string;
  /** The demo organisation seeded on the first start of an empty database (docs/decisions/newcomer-first-start.md). */
  demo: {
    /** Default: on with the embedded database, off on PostgreSQL; SEED_DEMO overrides. */
    seed: boolean;
    /**
     * Whether the demo gets a live key and a live deposit made out of nothing. Never on PostgreSQL
     * in production, whatever SEED_DEMO says: that is where real money is; test money only there.
     */
    liveMoney: boolean;
    /**
     * Whether the demo gets an organisation admin and a practitioner who can sign in to the portals
     * (random passwords). Never on PostgreSQL in production either: a practitioner account there
     * could be offered real clients' orders.
     */
    portalUsers: boolean;
  };
  webhooks: {
    /** How long a receiver has to answer 2xx (spec: 10 s). */
    timeoutMs: number;
    /** Deliver to loopback/private/link-local addresses; never in production unless asked. */
    allowPrivate: boolean;
  };
  /** An order's life after payment: auto-acceptance, the stall refund, the revision limit. */
  orderRules: OrderRules;
  /** Invitations one organisation may send in 24 hours (INVITATIONS_PER_DAY). */
  invitationsPerDay: number;
  jobs: {
    /** Inngest when any INNGEST_* key or INNGEST_DEV is set (the SDK reads those itself), else the in-process sweeper. */
    engine: "inngest" | "sweeper";
    /** How often the sweeper looks for due rows. */
    sweepIntervalMs: number;
    /** Handlers the sweeper runs at once, per job kind. */
    concurrency: number;
  };
  rateLimits: {
    /** Requests per API key per window (docs/decisions/rate-limits.md). */
    reads: number;
    writes: number;
    windowSeconds: number;
    /** Requests per client address per window to /v1 and /mcp, counted before the key is read. */
    perAddress: number;
    /** 401 answers per client address per window before the address is refused outright. */
    authFailuresPerAddress: number;
    /** Shared counters in PostgreSQL when the app runs on it (several instances), else memory. */
    store: "memory" | "postgres";
  };
  /** How much of the machine password hashing may take (PASSWORD_HASHING_CORE_PERCENT). */
  passwordHashing: HashingLimits;
  /** Signs portal sessions; from NEXTAUTH_SECRET, or kept in DATA_DIR for the embedded database. */
  authSecret?: string;
  /** Proxies whose X-Forwarded-For names the client (TRUSTED_PROXIES); none by default. */
  trustedProxies: TrustedProxies;
  /** Bearer token the operator's scraper sends to GET /metrics (METRICS_TOKEN); unset: /metrics is off. */
  metricsToken?: string;
  /** Practitioners' e-mail notifications; without SMTP_URL they stay queued in the outbox. */
  smtp: {
    /** smtp:// or smtps:// with credentials and options, as nodemailer reads it (SMTP_URL). */
    url?: string;
    /** The From header (SMTP_FROM); default "<OPERATOR_NAME> <noreply@<PUBLIC_URL's host>>". */
    from: string;
  };
  /** Remote MCP subscriptions: how often a process holding sessions' streams looks for changes (MCP_WATCH_INTERVAL_MS). */
  mcp: { watchIntervalMs: number };
  /** Uploaded documents: their size limit and where their bytes are kept. */
  files: {
    /** Largest accepted upload in bytes (FILE_MAX_BYTES, default 25 MiB). */
    maxBytes: number;
    /** FILE_STORAGE: disk (DATA_DIR/files, the default) or s3 (S3_* variables). */
    storage: FileStorageConfig;
  };
}

function smtpUrl(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.SMTP_URL;
  if (!raw) return undefined;
  let protocol: string;
  try {
    protocol = new URL(raw).protocol;
  } catch {
    throw new Error("SMTP_URL must be a URL like smtp://user:password@mail.example:587 or smtps://…:465");
  }
  if (protocol !== "smtp:" && protocol !== "smtps:") throw new Error(`SMTP_URL must start with smtp:// or smtps://, got ${protocol}//`);
  return raw;
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, got ${raw}`);
  return value;
}

function nonNegativeInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a whole number, 0 or more, got ${raw}`);
  return value;
}

function corePercent(env: NodeJS.ProcessEnv, name: string): number {
  const percent = positiveInteger(env, name, DEFAULT_HASHING_LIMITS.coreShare * 100);
  if (percent > 100) throw new Error(`${name} is a share of one core, 1 to 100, got ${percent}`);
  return percent;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.toLowerCase();
  if (raw === undefined || raw === "") return fallback;
  if (raw === "true" || raw === "1") return true;
  if (raw === "false" || raw === "0") return false;
  throw new Error(`${name} must be true or false, got ${env[name]}`);
}

function fileStorage(env: NodeJS.ProcessEnv, dataDir: string): FileStorageConfig {
  const kind = env.FILE_STORAGE || "disk";
  if (kind === "disk") return { kind, dir: path.join(dataDir, "files") };
  if (kind !== "s3") throw new Error(`FILE_STORAGE must be disk or s3, got ${kind}`);
  if (!env.S3_BUCKET) throw new Error("FILE_STORAGE=s3 needs S3_BUCKET");
  // One without the other would silently fall back to the SDK's default credentials.
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY))
    throw new Error("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither");
  return {
    kind,
    endpoint: env.S3_ENDPOINT || undefined,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || "us-east-1",
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: flag(env, "S3_FORCE_PATH_STYLE", false),
  };
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV === "production" || env.NODE_ENV === "test" ? env.NODE_ENV : "development";
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const host = env.HOST ?? "127.0.0.1";
  // It becomes part of HTTP header names (X-<Operator>-Signature), so it must be a header token.
  const operatorName = env.OPERATOR_NAME || "Kuasa";
  if (!/^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/.test(operatorName))
    throw new Error(`OPERATOR_NAME must be letters, digits and inner hyphens, got ${operatorName}`);
  // INNGEST_DEV is "1" or the dev server's URL; "0"/"false" mean cloud mode, which needs a key anyway.
  const inngestDev = Boolean(env.INNGEST_DEV) && !["0", "false"].includes(env.INNGEST_DEV!.toLowerCase());
  const processes = positiveInteger(env, "WEB_CONCURRENCY", 1);
  if (processes > 1 && !env.DATABASE_URL) {
    throw new Error(`WEB_CONCURRENCY=${processes} needs DATABASE_URL (PostgreSQL): the embedded database belongs to one process.`);
  }
  const dataDir = env.DATA_DIR || ".data";
  // Where demo money and demo accounts may be made up: anywhere but PostgreSQL in production.
  const playground = !(env.DATABASE_URL && nodeEnv === "production");
  const publicUrl = (env.PUBLIC_URL ?? `http://${host === "0.0.0.0" ? "localhost" : host}:${port}`).replace(/\/+$/, "");
  return {
    nodeEnv,
    host,
    port,
    publicUrl,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    processes,
    operatorName,
    demo: {
      seed: flag(env, "SEED_DEMO", !env.DATABASE_URL),
      liveMoney: playground,
      portalUsers: playground,
    },
    webhooks: {
      timeoutMs: positiveInteger(env, "WEBHOOK_TIMEOUT_MS", 10_000),
      allowPrivate: flag(env, "WEBHOOK_ALLOW_PRIVATE", nodeEnv !== "production"),
    },
    orderRules: {
      autoAcceptDays: positiveInteger(env, "ORDER_AUTO_ACCEPT_DAYS", DEFAULT_ORDER_RULES.autoAcceptDays),
      offerStallHours: positiveInteger(env, "OFFER_STALL_HOURS", DEFAULT_ORDER_RULES.offerStallHours),
      maxRevisions: nonNegativeInteger(env, "ORDER_MAX_REVISIONS", DEFAULT_ORDER_RULES.maxRevisions),
      costReceiptDays: positiveInteger(env, "COST_RECEIPT_DAYS", DEFAULT_ORDER_RULES.costReceiptDays),
      offerCap: positiveInteger(env, "OFFER_CAP", DEFAULT_ORDER_RULES.offerCap),
    },
    invitationsPerDay: positiveInteger(env, "INVITATIONS_PER_DAY", DEFAULT_INVITATIONS_PER_DAY),
    jobs: {
      engine: env.INNGEST_EVENT_KEY || env.INNGEST_SIGNING_KEY || inngestDev ? "inngest" : "sweeper",
      sweepIntervalMs: positiveInteger(env, "JOBS_SWEEP_INTERVAL_MS", 1_000),
      concurrency: positiveInteger(env, "JOBS_CONCURRENCY", 8),
    },
    rateLimits: {
      reads: positiveInteger(env, "RATE_LIMIT_READS", DEFAULT_RATE_LIMITS.reads),
      writes: positiveInteger(env, "RATE_LIMIT_WRITES", DEFAULT_RATE_LIMITS.writes),
      windowSeconds: positiveInteger(env, "RATE_LIMIT_WINDOW_SECONDS", DEFAULT_RATE_LIMITS.windowSeconds),
      perAddress: positiveInteger(env, "RATE_LIMIT_PER_ADDRESS", DEFAULT_RATE_LIMITS.perAddress),
      authFailuresPerAddress: positiveInteger(env, "RATE_LIMIT_AUTH_FAILURES", DEFAULT_RATE_LIMITS.authFailuresPerAddress),
      store:
        env.RATE_LIMIT_STORE === "memory" || env.RATE_LIMIT_STORE === "postgres"
          ? env.RATE_LIMIT_STORE
          : env.DATABASE_URL
            ? "postgres"
            : "memory",
    },
    passwordHashing: { ...DEFAULT_HASHING_LIMITS, coreShare: corePercent(env, "PASSWORD_HASHING_CORE_PERCENT") / 100 },
    authSecret: env.NEXTAUTH_SECRET || undefined,
    trustedProxies: TrustedProxies.parse(env.TRUSTED_PROXIES),
    metricsToken: env.METRICS_TOKEN || undefined,
    smtp: { url: smtpUrl(env), from: env.SMTP_FROM || `${operatorName} <noreply@${new URL(publicUrl).hostname}>` },
    mcp: { watchIntervalMs: positiveInteger(env, "MCP_WATCH_INTERVAL_MS", DEFAULT_MCP_WATCH_INTERVAL_MS) },
    files: { maxBytes: positiveInteger(env, "FILE_MAX_BYTES", 25 * 1024 * 1024), storage: fileStorage(env, dataDir) },
  };
}

import { agentPrice } from "@/server/domain/pricing";
import { DEFAULT_TOLERANCE_SECONDS, signWebhook } from "@/server/domain/signature";
import { slaDueAt } from "@/server/domain/sla";
import { nextAttemptAt, WEBHOOK_MAX_ATTEMPTS, webhookHeaders } from "@/server/domain/webhook-delivery";
import { type OrderEventPayload, type OrderEventSource, orderEventPayload, webhookBody } from "@/server/domain/webhook-event";

/**
 * The worked webhook example of /docs, produced by the sender's own functions (payload, body,
 * headers, signature, retry delays), so the page cannot drift from what is actually sent.
 * Fixed sample values keep the example reproducible: a reader can recompute the signature.
 */

/** A made-up secret in the shape of a real one (`whsec_` + 32 base62); never a real key's. */
const SAMPLE_WEBHOOK_SECRET = "whsec_3kVq8ZmR1tXw6YbN0cLp4sHd7GfJ2aEu";
const SAMPLE_EVENT_ID = "evt_7Hc2LmQ9xT4vB1nR8kZs5w";
const SAMPLE_ORDER_ID = "ord_4kQ3pW0nY8bJ2cV6xL1mZt";
/** The seed catalog's NDA, its price and SLA as seeded (webhook-example.test.ts holds them to the seed). */
export const SAMPLE_SERVICE = { code: "perjanjian_kerahasiaan", clientPriceIdr: 1_490_000, slaDays: 3 } as const;
/** Paid on a Monday morning in Jakarta; delivered the next day; this attempt 2 s later. */
const PAID_AT = new Date("2026-11-23T02:00:00.000Z");
const DELIVERED_AT = new Date("2026-11-24T08:30:00.000Z");
const SENT_AT = new Date("2026-11-24T08:30:02.000Z");

interface WebhookExample {
  operatorName: string;
  payload: OrderEventPayload;
  sentAt: Date;
  /** The exact request body, as signed and sent. */
  rawBody: string;
  /** The same body indented, for reading. */
  prettyBody: string;
  secret: string;
  timestamp: number;
  /** `t + "." + rawBody`: the text the HMAC is computed over. */
  signedText: string;
  signature: string;
  /** `v1` of the signature header. */
  v1: string;
  signatureHeader: string;
  headers: Record<string, string>;
  toleranceSeconds: number;
}

/** The sample order a delivered event is about, at the sample service's agent price and SLA. */
function sampleOrder(): OrderEventSource {
  return {
    id: SAMPLE_ORDER_ID,
    status: "diserahkan",
    serviceCode: SAMPLE_SERVICE.code,
    priceIdr: BigInt(agentPrice(SAMPLE_SERVICE.clientPriceIdr)),
    slaDueAt: slaDueAt(PAID_AT, SAMPLE_SERVICE.slaDays),
    deliverable: "Draf final perjanjian kerahasiaan terlampir di pesan order; satu putaran revisi masih tersedia.",
    updatedAt: DELIVERED_AT,
  };
}

export function webhookExample(operatorName: string): WebhookExample {
  const payload = orderEventPayload(sampleOrder());
  const rawBody = webhookBody(SAMPLE_EVENT_ID, payload, SENT_AT);
  const timestamp = Math.floor(SENT_AT.getTime() / 1000);
  const signature = signWebhook(SAMPLE_WEBHOOK_SECRET, timestamp, rawBody);
  const headers = webhookHeaders(operatorName, signature, SAMPLE_EVENT_ID);
  const signatureHeader = Object.keys(headers).find((name) => name.toLowerCase().endsWith("-signature"));
  if (!signatureHeader) throw new Error("webhookHeaders() has no signature header");
  return {
    operatorName,
    payload,
    sentAt: SENT_AT,
    rawBody,
    prettyBody: JSON.stringify(JSON.parse(rawBody), null, 2),
    secret: SAMPLE_WEBHOOK_SECRET,
    timestamp,
    signedText: `${timestamp}.${rawBody}`,
    signature,
    v1: /v1=([0-9a-f]+)/.exec(signature)![1]!,
    signatureHeader,
    headers,
    toleranceSeconds: DEFAULT_TOLERANCE_SECONDS,
  };
}

interface RetryStep {
  attempt: number;
  /** Seconds after the first attempt, when every attempt fails at once. */
  atSeconds: number;
  /** Seconds waited after the previous attempt failed (0 for the first). */
  waitSeconds: number;
}

/** The delivery schedule, read from `nextAttemptAt` for attempts 1..WEBHOOK_MAX_ATTEMPTS. */
export function retrySchedule(): RetryStep[] {
  const start = new Date(0);
  const steps: RetryStep[] = [{ attempt: 1, atSeconds: 0, waitSeconds: 0 }];
  let failedAt = start;
  for (let attempt = 1; attempt < WEBHOOK_MAX_ATTEMPTS; attempt++) {
    const next = nextAttemptAt(attempt, failedAt);
    if (!next) break;
    steps.push({
      attempt: attempt + 1,
      atSeconds: (next.getTime() - start.getTime()) / 1000,
      waitSeconds: (next.getTime() - failedAt.getTime()) / 1000,
    });
    failedAt = next;
  }
  return steps;
}

/** POSIX shell single-quoting: safe for any text, including quotes in the body. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A shell check of the example with openssl; prints the `v1` value. */
export function opensslSnippet(example: WebhookExample): string {
  return [
    `secret=${shellQuote(example.secret)}`,
    `header=${shellQuote(example.signature)}   # the ${example.signatureHeader} header`,
    `body=${shellQuote(example.rawBody)}`,
    ``,
    `t=\${header#t=}; t=\${t%%,*}`,
    `printf '%s.%s' "$t" "$body" | openssl dgst -sha256 -hmac "$secret" -r | cut -d' ' -f1`,
    `# prints ${example.v1}`,
  ].join("\n");
}

/** A dependency-free Node verifier, run over the example (its `t` is in the past, so `now` is passed). */
export function nodeSnippet(example: WebhookExample): string {
  return `import { createHmac, timingSafeEqual } from "node:crypto";

/** rawBody: the request body exactly as received (Buffer or string), before JSON.parse. */
function verifySignature(secret, header, rawBody, nowSeconds = Date.now() / 1000, toleranceSeconds = ${example.toleranceSeconds}) {
  let t = NaN;
  const v1 = [];
  for (const part of String(header ?? "").split(",")) {
    const eq = part.indexOf("=");
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === "t" && /^\\d+$/.test(value)) t = Number(value);
    if (key === "v1" && /^[0-9a-f]{64}$/i.test(value)) v1.push(Buffer.from(value, "hex"));
  }
  if (!Number.isFinite(t) || v1.length === 0) return false;
  if (Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(\`\${t}.\`).update(rawBody).digest();
  return v1.some((signature) => timingSafeEqual(signature, expected));
}

// The example above; in a receiver: verifySignature(secret, req.headers["${example.signatureHeader.toLowerCase()}"], rawBody)
const body = ${JSON.stringify(example.rawBody)};
console.log(verifySignature(${JSON.stringify(example.secret)}, ${JSON.stringify(example.signature)}, body, ${example.timestamp + 1}));
// true`;
}

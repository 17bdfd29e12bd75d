import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Webhook signatures (spec "Events → Signature"), Stripe style: the header is
 * `t=<unix seconds>,v1=<lowercase hex HMAC-SHA256(secret, t + "." + raw body)>`.
 * Pure: no clock of its own (callers pass `now`), no I/O.
 */

export type RawBody = string | Uint8Array;

export const DEFAULT_TOLERANCE_SECONDS = 300;

const HEX_SHA256 = /^[0-9a-fA-F]{64}$/;
const UNIX_SECONDS = /^\d{1,12}$/;

function digest(secret: string, timestampSeconds: number, rawBody: RawBody): Buffer {
  return createHmac("sha256", secret).update(`${timestampSeconds}.`).update(rawBody).digest();
}

/**
 * The signature header value for one request body, signed at `timestampSeconds`. Several
 * secrets (during a rotation's overlap: the new one first) give one `v1` each, in that order.
 */
export function signWebhook(secret: string | readonly string[], timestampSeconds: number, rawBody: RawBody): string {
  if (!Number.isSafeInteger(timestampSeconds) || timestampSeconds < 0) {
    throw new RangeError(`A signature timestamp is whole unix seconds, got ${timestampSeconds}`);
  }
  const secrets = typeof secret === "string" ? [secret] : secret;
  if (secrets.length === 0) throw new RangeError("A webhook is signed with at least one secret");
  return [`t=${timestampSeconds}`, ...secrets.map((s) => `v1=${digest(s, timestampSeconds, rawBody).toString("hex")}`)].join(",");
}

export type VerifyFailure = "malformed_header" | "timestamp_out_of_tolerance" | "signature_mismatch";
export type VerifyResult = { ok: true; timestamp: number } | { ok: false; reason: VerifyFailure };

export interface VerifyOptions {
  /** Largest accepted distance between `t` and now, either direction. */
  toleranceSeconds?: number;
  /** Current time in milliseconds since the epoch. */
  now?: number;
}

interface ParsedHeader {
  timestamp: number;
  signatures: Buffer[];
}

/**
 * Reads `t=…,v1=…[,v1=…]`. Unknown schemes (a future `v2`, say) are ignored so senders can add
 * them without breaking receivers; a missing or repeated `t` or no well-formed `v1` is malformed.
 */
function parseHeader(header: string): ParsedHeader | null {
  let timestamp: number | null = null;
  const signatures: Buffer[] = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq < 0) return null;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === "t") {
      if (timestamp !== null || !UNIX_SECONDS.test(value)) return null;
      timestamp = Number(value);
    } else if (key === "v1" && HEX_SHA256.test(value)) {
      signatures.push(Buffer.from(value, "hex"));
    }
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

/**
 * The reference verifier. Accepts when any `v1` matches any of the given secrets (a sender
 * rotating its secret may sign with both; a receiver rotating may try both), compares in
 * constant time, and rejects a `t` farther than the tolerance from now, past or future.
 */
export function verifyWebhookSignature(
  secret: string | readonly string[],
  header: string | null | undefined,
  rawBody: RawBody,
  options: VerifyOptions = {},
): VerifyResult {
  const toleranceSeconds = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const now = options.now ?? Date.now();
  const parsed = header ? parseHeader(header) : null;
  if (!parsed) return { ok: false, reason: "malformed_header" };
  if (Math.abs(now / 1000 - parsed.timestamp) > toleranceSeconds) return { ok: false, reason: "timestamp_out_of_tolerance" };
  const secrets = typeof secret === "string" ? [secret] : secret;
  for (const candidate of secrets) {
    const expected = digest(candidate, parsed.timestamp, rawBody);
    if (parsed.signatures.some((signature) => timingSafeEqual(signature, expected))) return { ok: true, timestamp: parsed.timestamp };
  }
  return { ok: false, reason: "signature_mismatch" };
}

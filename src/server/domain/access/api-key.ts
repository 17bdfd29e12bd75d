import { createHash, timingSafeEqual } from "node:crypto";
import { randomBase62 } from "../ids";
import type { Scope } from "./scopes";

export { isScope, SCOPES, type Scope } from "./scopes";

export type KeyMode = "live" | "test";

/** An agent's API key as a request uses it, once services/access/api-keys.ts has checked the token. */
export interface AuthenticatedKey {
  id: string;
  keyId: string;
  organizationId: string;
  /** A `kk_test_` key works on test-mode data only, a `kk_live_` key on live data only. */
  livemode: boolean;
  scopes: Scope[];
  maxOrderIdr: bigint;
  monthlyBudgetIdr: bigint;
  webhookUrl: string | null;
  /**
   * The organisation's approval threshold as read with the key (null: never). It may be a few
   * seconds old; an order checks it against the organisation's row (kuasa_place_order).
   */
  approvalThresholdIdr: bigint | null;
  /** The API version it is pinned to, as stored (domain/api-version.ts). */
  apiVersion: string;
}

const KEY_ID_PATTERN = /^kk_(live|test)_[0-9A-Za-z]{16}$/;
const SECRET_PATTERN = /^[0-9A-Za-z]{32}$/;

/** The mode an API key's own id names (`kk_test_…`), read without asking anyone; null for a token that is no API key. */
export function modeOfApiKey(token: string): KeyMode | null {
  const parsed = parseApiKey(token);
  return parsed ? (KEY_ID_PATTERN.exec(parsed.keyId)![1] as KeyMode) : null;
}

export interface ParsedApiKey {
  keyId: string;
  secret: string;
}

/**
 * Splits `<key_id>.<key_secret>`. Returns null for anything that is not exactly that shape,
 * so a malformed key costs no database lookup.
 */
export function parseApiKey(raw: string): ParsedApiKey | null {
  const dot = raw.indexOf(".");
  if (dot < 0) return null;
  const keyId = raw.slice(0, dot);
  const secret = raw.slice(dot + 1);
  if (!KEY_ID_PATTERN.test(keyId) || !SECRET_PATTERN.test(secret)) return null;
  return { keyId, secret };
}

/** Reads `Authorization: Bearer <key>`; the scheme word is case-insensitive as in RFC 7235. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

/** Constant-time comparison of a presented secret with the stored hash. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const presented = Buffer.from(hashSecret(secret), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}

export interface NewApiKey {
  keyId: string;
  secret: string;
  secretHash: string;
  /** What the user copies once: `<key_id>.<key_secret>`. */
  token: string;
}

/** A new key: 32 base62 characters of secret, about 190 bits. */
export function generateApiKey(mode: KeyMode): NewApiKey {
  const keyId = `kk_${mode}_${randomBase62(16)}`;
  const secret = randomBase62(32);
  return { keyId, secret, secretHash: hashSecret(secret), token: `${keyId}.${secret}` };
}

/** Secret for signing webhooks, shown once with the key. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBase62(32)}`;
}

import type { Prisma } from "@/generated/prisma/client";
import type { Db } from "@/server/db/client";
import { lockRow } from "@/server/db/row-lock";
import { type Actor, type AdminActor, requireActor } from "@/server/domain/access/actor";
import {
  type AuthenticatedKey,
  bearerToken,
  generateApiKey,
  generateWebhookSecret,
  isScope,
  type KeyMode,
  parseApiKey,
  SCOPES,
  type Scope,
  secretMatches,
} from "@/server/domain/access/api-key";
import { type AgentResource, isOAuthToken, oauthTokenHash } from "@/server/domain/access/oauth";
import { API_VERSIONS, currentVersion } from "@/server/domain/api-version";
import { AppError } from "@/server/domain/errors";
import { rotateSecrets, signingSecrets, WEBHOOK_SECRET_OVERLAP_HOURS } from "@/server/domain/events/webhook-secret";
import { isDashboardWebhookUrl } from "@/server/domain/events/webhook-url";
import { newId } from "@/server/domain/ids";
import { audit } from "../audit";
import type { ServiceDeps } from "../deps";
import { spentThisMonth } from "../money";

/** Defaults for a key created without limits; documented in docs/decisions/api-keys.md. */
export const KEY_DEFAULTS = {
  maxOrderIdr: 25_000_000n,
  monthlyBudgetIdr: 100_000_000n,
} as const;

export interface CreateApiKeyInput {
  organizationId: string;
  name?: string;
  mode?: KeyMode;
  scopes?: readonly string[];
  maxOrderIdr?: bigint;
  monthlyBudgetIdr?: bigint;
  webhookUrl?: string | null;
}

export interface CreatedApiKey {
  id: string;
  keyId: string;
  /** `<key_id>.<key_secret>`: shown once, never stored. */
  token: string;
  webhookSecret: string;
}

export function createApiKey(
  deps: Pick<ServiceDeps, "db">,
  { actor, input }: { actor: Actor; input: CreateApiKeyInput },
): Promise<CreatedApiKey> {
  return deps.db.$transaction((tx) => createApiKeyIn(tx, actor, input));
}

/**
 * A key created inside the caller's transaction (an OAuth grant's key is created with the code's
 * use); `oauthClientId` marks it as the grant of that application.
 */
export async function createApiKeyIn(
  tx: Prisma.TransactionClient,
  actor: Actor,
  input: CreateApiKeyInput & { oauthClientId?: string },
): Promise<CreatedApiKey> {
  const scopes = input.scopes ?? SCOPES;
  const unknown = scopes.filter((s) => !isScope(s));
  if (unknown.length > 0) throw new AppError("VALIDATION", `Unknown scope(s): ${unknown.join(", ")}. Scopes are ${SCOPES.join(", ")}.`);
  if (scopes.length === 0) throw new AppError("VALIDATION", "A key needs at least one scope.");
  const maxOrderIdr = input.maxOrderIdr ?? KEY_DEFAULTS.maxOrderIdr;
  const monthlyBudgetIdr = input.monthlyBudgetIdr ?? KEY_DEFAULTS.monthlyBudgetIdr;
  if (maxOrderIdr <= 0n || monthlyBudgetIdr <= 0n) throw new AppError("VALIDATION", "Key budgets must be positive amounts of rupiah.");
  if (input.webhookUrl && !isDashboardWebhookUrl(input.webhookUrl)) {
    throw new AppError("VALIDATION", "A key's webhook URL must use https:// (or http://localhost for development).");
  }
  const generated = generateApiKey(input.mode ?? "live");
  const webhookSecret = generateWebhookSecret();
  const id = newId("apiKey");
  const org = await tx.organization.findUnique({ where: { id: input.organizationId }, select: { id: true } });
  if (!org) throw new AppError("NOT_FOUND", `No organisation ${input.organizationId}.`);
  await tx.apiKey.create({
    data: {
      id,
      organizationId: input.organizationId,
      keyId: generated.keyId,
      secretHash: generated.secretHash,
      name: input.name ?? "",
      mode: input.mode ?? "live",
      scopes: [...new Set(scopes)],
      maxOrderIdr,
      monthlyBudgetIdr,
      webhookUrl: input.webhookUrl ?? null,
      webhookSecret,
      oauthClientId: input.oauthClientId ?? null,
      apiVersion: currentVersion(API_VERSIONS).date,
    },
  });
  await audit(tx, {
    actor,
    action: "api_key.create",
    subjectType: "api_key",
    subjectId: id,
    data: { key_id: generated.keyId, scopes: [...scopes] },
  });
  return { id, keyId: generated.keyId, token: generated.token, webhookSecret };
}

const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Keys are looked up on every agent request, so each process keeps what it read for a few
 * seconds. Revoking a key or changing its organisation's status through the services clears
 * this process's copy at once; other instances follow within API_KEY_CACHE_MS.
 */
const API_KEY_CACHE_MS = 5_000;
const API_KEY_CACHE_MAX = 10_000;

const KEY_INCLUDE = { organization: { select: { status: true, approvalThresholdIdr: true } } } as const satisfies Prisma.ApiKeyInclude;

interface CachedKey {
  /** null: no such key id (a new key's id is random, so it is not one cached as unknown). */
  key: Prisma.ApiKeyGetPayload<{ include: typeof KEY_INCLUDE }> | null;
  loadedAt: number;
}

// On globalThis, per database: Next's bundle (the portals, where keys are revoked) and the custom
// server (where they are used) load this module separately.
const CACHE_SYMBOL = Symbol.for("kuasa.apiKeyCache");
const keyCaches: WeakMap<Db, Map<string, CachedKey>> = ((globalThis as { [CACHE_SYMBOL]?: WeakMap<Db, Map<string, CachedKey>> })[
  CACHE_SYMBOL
] ??= new WeakMap());

function keyCacheOf(db: Db): Map<string, CachedKey> {
  let cache = keyCaches.get(db);
  if (!cache) keyCaches.set(db, (cache = new Map()));
  return cache;
}

/** Forgets this process's copy of the keys, e.g. after a revocation or an organisation's status change. */
export function invalidateApiKeyCache(deps: Pick<ServiceDeps, "db">): void {
  const { db } = deps;
  keyCacheOf(db).clear();
}

async function findKey(db: Db, keyId: string, now: number): Promise<CachedKey["key"] | null> {
  const cache = keyCacheOf(db);
  const cached = cache.get(keyId);
  if (cached && now - cached.loadedAt < API_KEY_CACHE_MS) return cached.key;
  const key = await db.apiKey.findUnique({ where: { keyId }, include: KEY_INCLUDE });
  // Unknown ids are kept too, so an agent retrying a wrong key costs no query; the map is bounded
  // and guessing many ids is stopped earlier, per address (api/address-guard.ts).
  if (cache.size >= API_KEY_CACHE_MAX) cache.clear();
  cache.set(keyId, { key, loadedAt: now });
  return key;
}

/**
 * Resolves `Authorization: Bearer <key>` to a usable key: a lookup by key_id (cached for a few
 * seconds), a constant-time secret comparison, then revocation and organisation status.
 */
export async function authenticateApiKey(
  deps: Pick<ServiceDeps, "db" | "clock">,
  { authorization, resource }: { authorization: string | undefined; resource?: AgentResource },
): Promise<AuthenticatedKey> {
  const { db, clock } = deps;
  const token = bearerToken(authorization);
  if (!token) throw new AppError("UNAUTHENTICATED", "Send the API key as `Authorization: Bearer <key_id>.<key_secret>`.");
  const now = clock.now();
  const key = isOAuthToken(token, "access") ? await keyOfAccessToken(db, token, resource, now) : await keyOfApiKey(db, token);
  if (key.revokedAt) throw new AppError("UNAUTHENTICATED", "The API key has been revoked.");
  if (key.organization.status !== "aktif") {
    throw new AppError("ORGANIZATION_NOT_ACTIVE", "The organisation of this key is not approved or is suspended; contact the operator.");
  }
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    // Best effort and coarse: a usage timestamp is not worth a write per request or a failed call.
    key.lastUsedAt = now;
    void db.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: now } }).catch(() => undefined);
  }
  return {
    id: key.id,
    keyId: key.keyId,
    organizationId: key.organizationId,
    livemode: key.mode === "live",
    scopes: key.scopes.filter(isScope),
    maxOrderIdr: key.maxOrderIdr,
    monthlyBudgetIdr: key.monthlyBudgetIdr,
    webhookUrl: key.webhookUrl,
    approvalThresholdIdr: key.organization.approvalThresholdIdr,
    apiVersion: key.apiVersion,
  };
}

async function keyOfApiKey(db: Db, token: string): Promise<NonNullable<CachedKey["key"]>> {
  const parsed = parseApiKey(token);
  if (!parsed) throw new AppError("UNAUTHENTICATED", "The API key is malformed; it has the shape <key_id>.<key_secret>.");
  const key = await findKey(db, parsed.keyId, Date.now());
  if (!key || !secretMatches(parsed.secret, key.secretHash)) throw new AppError("UNAUTHENTICATED", "The API key is not valid.");
  return key;
}

/**
 * An OAuth access token stands for its grant's key (services/oauth), on the resource it was issued
 * for only. Read from the database on every request, so a revoked token or grant is refused at once;
 * the key itself comes from the key cache, which a grant's revocation clears.
 */
async function keyOfAccessToken(
  db: Db,
  token: string,
  resource: AgentResource | undefined,
  now: Date,
): Promise<NonNullable<CachedKey["key"]>> {
  const row = await db.oAuthToken.findUnique({
    where: { tokenHash: oauthTokenHash(token) },
    select: { kind: true, resource: true, expiresAt: true, apiKey: { select: { keyId: true } } },
  });
  if (row?.kind !== "access") throw new AppError("UNAUTHENTICATED", "The access token is not valid.");
  if (row.expiresAt <= now) throw new AppError("UNAUTHENTICATED", "The access token has expired; refresh it.");
  if (row.resource !== resource) {
    throw new AppError("UNAUTHENTICATED", `The access token was issued for /${row.resource}, not for this resource.`);
  }
  const key = await findKey(db, row.apiKey.keyId, Date.now());
  if (!key) throw new AppError("UNAUTHENTICATED", "The access token is not valid.");
  return key;
}

export function requireScope(key: AuthenticatedKey, scope: Scope): void {
  if (!key.scopes.includes(scope)) {
    throw new AppError("INSUFFICIENT_SCOPE", `This API key lacks the scope ${scope}, which this operation needs.`);
  }
}

/** An organisation's keys for its admin: never the secrets, with last use and this month's spend. */
export async function listApiKeys(deps: Pick<ServiceDeps, "db" | "clock">, { actor }: { actor: AdminActor }) {
  requireActor(actor, "admin");
  const { organizationId } = actor;
  const { db, clock } = deps;
  const keys = await db.apiKey.findMany({
    where: { organizationId },
    orderBy: { createdAt: "desc" },
    include: { oauthClient: { select: { name: true } } },
  });
  // The same figure GET /v1/balance reports (orders and invoices); an organisation has few keys.
  const spent = await Promise.all(keys.map((k) => spentThisMonth(db, clock, k.id)));
  return keys.map((k, i) => ({
    id: k.id,
    keyId: k.keyId,
    name: k.name,
    mode: k.mode,
    scopes: k.scopes,
    maxOrderIdr: Number(k.maxOrderIdr),
    monthlyBudgetIdr: Number(k.monthlyBudgetIdr),
    spentThisMonthIdr: Number(spent[i] ?? 0n),
    webhookUrl: k.webhookUrl,
    apiVersion: k.apiVersion,
    // A grant's key: the application an admin connected with OAuth (services/oauth), by the name it registered.
    oauthClientName: k.oauthClientId ? k.oauthClient?.name || k.oauthClientId : null,
    // While a rotation's overlap runs: until when the replaced webhook secret still signs.
    previousWebhookSecretExpiresAt:
      k.previousWebhookSecretExpiresAt && k.previousWebhookSecretExpiresAt > clock.now() ? k.previousWebhookSecretExpiresAt : null,
    lastUsedAt: k.lastUsedAt,
    revokedAt: k.revokedAt,
    createdAt: k.createdAt,
  }));
}

async function ownKey(db: Db | Prisma.TransactionClient, organizationId: string, apiKeyId: string) {
  const key = await db.apiKey.findFirst({ where: { id: apiKeyId, organizationId } });
  if (!key) throw new AppError("NOT_FOUND", `No API key ${apiKeyId} in this organisation.`);
  return key;
}

export async function revokeApiKey(deps: Pick<ServiceDeps, "db" | "clock">, { actor, apiKeyId }: { actor: AdminActor; apiKeyId: string }) {
  requireActor(actor, "admin");
  const { organizationId } = actor;
  const { db, clock } = deps;
  await ownKey(db, organizationId, apiKeyId);
  await db.$transaction(async (tx) => {
    await tx.apiKey.updateMany({ where: { id: apiKeyId, revokedAt: null }, data: { revokedAt: clock.now() } });
    await audit(tx, { actor, action: "api_key.revoke", subjectType: "api_key", subjectId: apiKeyId });
  });
  invalidateApiKeyCache(deps);
}

/**
 * Moves a key to the current API version (docs/versions.md): its answers, and the webhooks of its
 * orders from the next attempt on, take the current shape. Audited with the version it leaves; a
 * key already on it stays as it is, a revoked key is INVALID_STATE. Applies to the next request.
 */
export async function upgradeApiKeyVersion(
  deps: Pick<ServiceDeps, "db">,
  { actor, apiKeyId }: { actor: AdminActor; apiKeyId: string },
): Promise<{ apiVersion: string }> {
  requireActor(actor, "admin");
  const { organizationId } = actor;
  const { db } = deps;
  const current = currentVersion(API_VERSIONS).date;
  await db.$transaction(async (tx) => {
    const key = await ownKey(tx, organizationId, apiKeyId);
    if (key.revokedAt) throw new AppError("INVALID_STATE", `API key ${apiKeyId} has been revoked; create a new key instead.`);
    if (key.apiVersion === current) return;
    const changed = await tx.apiKey.updateMany({ where: { id: apiKeyId, apiVersion: key.apiVersion }, data: { apiVersion: current } });
    // Another admin moved it at the same moment: theirs is the one change.
    if (changed.count === 0) return;
    await audit(tx, {
      actor,
      action: "api_key.upgrade_version",
      subjectType: "api_key",
      subjectId: apiKeyId,
      data: { before: key.apiVersion, after: current },
    });
  });
  invalidateApiKeyCache(deps);
  return { apiVersion: current };
}

export interface RotatedWebhookSecret {
  /** Shown once. */
  webhookSecret: string;
  /** Until when the replaced secret still signs too; null with an overlap of 0. */
  previousSecretExpiresAt: Date | null;
}

/**
 * A new webhook secret, signing from the next attempt on. The replaced secret keeps signing
 * beside it for `overlapHours` (domain/events/webhook-secret.ts, which also says what a rotation during
 * an overlap keeps); 0 ends it at once, for a leaked secret.
 */
export async function rotateWebhookSecret(
  deps: Pick<ServiceDeps, "db" | "clock">,
  { actor, apiKeyId, overlapHours = WEBHOOK_SECRET_OVERLAP_HOURS.default }: { actor: AdminActor; apiKeyId: string; overlapHours?: number },
): Promise<RotatedWebhookSecret> {
  requireActor(actor, "admin");
  const { organizationId } = actor;
  const { db, clock } = deps;
  const now = clock.now();
  const next = generateWebhookSecret();
  return db.$transaction(async (tx) => {
    // Locked before reading: of two rotations at once, the later keeps the earlier's new secret
    // as the previous one, never both the same old one.
    await lockRow(tx, "ApiKey", apiKeyId);
    const key = await ownKey(tx, organizationId, apiKeyId);
    const before = {
      current: key.webhookSecret,
      previous: key.previousWebhookSecret,
      previousExpiresAt: key.previousWebhookSecretExpiresAt,
    };
    const after = rotateSecrets(before, next, now, overlapHours);
    await tx.apiKey.update({
      where: { id: apiKeyId },
      data: {
        webhookSecret: after.current,
        previousWebhookSecret: after.previous,
        previousWebhookSecretExpiresAt: after.previousExpiresAt,
      },
    });
    await audit(tx, {
      actor,
      action: "api_key.rotate_webhook_secret",
      subjectType: "api_key",
      subjectId: apiKeyId,
      data: {
        overlap_hours: overlapHours,
        previous_secret_expires_at: after.previousExpiresAt?.toISOString() ?? null,
        // A secret of an earlier rotation that was still signing and stops now.
        ended_earlier_overlap: signingSecrets(before, now).length > 1,
      },
    });
    return { webhookSecret: after.current, previousSecretExpiresAt: after.previousExpiresAt };
  });
}

export interface UpdateApiKeyInput {
  name: string;
  scopes: readonly string[];
  maxOrderIdr: bigint;
  monthlyBudgetIdr: bigint;
  webhookUrl: string | null;
}

/**
 * Changes a key's name, scopes, limits and webhook URL under the rules of creation (its token,
 * mode and webhook secret stay). A revoked key stays as it was revoked; another organisation's
 * key is NOT_FOUND. The change is audited with what it was before, and applies to the next request.
 */
export async function updateApiKey(
  deps: Pick<ServiceDeps, "db">,
  { actor, apiKeyId, input }: { actor: AdminActor; apiKeyId: string; input: UpdateApiKeyInput },
) {
  requireActor(actor, "admin");
  const { organizationId } = actor;
  const { db } = deps;
  const unknown = input.scopes.filter((s) => !isScope(s));
  if (unknown.length > 0) throw new AppError("VALIDATION", `Unknown scope(s): ${unknown.join(", ")}. Scopes are ${SCOPES.join(", ")}.`);
  if (input.scopes.length === 0) throw new AppError("VALIDATION", "A key needs at least one scope.");
  if (input.maxOrderIdr <= 0n || input.monthlyBudgetIdr <= 0n)
    throw new AppError("VALIDATION", "Key budgets must be positive amounts of rupiah.");
  if (input.webhookUrl && !isDashboardWebhookUrl(input.webhookUrl)) {
    throw new AppError("VALIDATION", "A key's webhook URL must use https:// (or http://localhost for development).");
  }
  const scopes = SCOPES.filter((s) => input.scopes.includes(s));
  await db.$transaction(async (tx) => {
    const key = await ownKey(tx, organizationId, apiKeyId);
    const changed = await tx.apiKey.updateMany({
      where: { id: apiKeyId, revokedAt: null },
      data: {
        name: input.name.trim(),
        scopes,
        maxOrderIdr: input.maxOrderIdr,
        monthlyBudgetIdr: input.monthlyBudgetIdr,
        webhookUrl: input.webhookUrl || null,
      },
    });
    if (changed.count === 0) throw new AppError("INVALID_STATE", `API key ${apiKeyId} has been revoked; create a new key instead.`);
    await audit(tx, {
      actor,
      action: "api_key.update",
      subjectType: "api_key",
      subjectId: apiKeyId,
      data: {
        before: {
          name: key.name,
          scopes: key.scopes,
          max_order_idr: key.maxOrderIdr.toString(),
          monthly_budget_idr: key.monthlyBudgetIdr.toString(),
          webhook_url: key.webhookUrl,
        },
        after: {
          name: input.name.trim(),
          scopes,
          max_order_idr: input.maxOrderIdr.toString(),
          monthly_budget_idr: input.monthlyBudgetIdr.toString(),
          webhook_url: input.webhookUrl || null,
        },
      },
    });
  });
  invalidateApiKeyCache(deps);
}

import type { Actor } from "@/server/domain/access/actor";
import { type AdminActor, adminActor, requireActor, VISITOR } from "@/server/domain/access/actor";
import type { KeyMode, Scope } from "@/server/domain/access/api-key";
import {
  type AgentResource,
  generateOAuthToken,
  isAllowedRedirectUri,
  isPkceChallenge,
  OAUTH_LIFETIMES,
  OAuthError,
  oauthTokenHash,
  parseScopes,
  pkceMatches,
  redirectHost,
  resourceOf,
} from "@/server/domain/access/oauth";
import { AppError } from "@/server/domain/errors";
import { isDashboardWebhookUrl } from "@/server/domain/events/webhook-url";
import { createApiKeyIn, invalidateApiKeyCache } from "../access";
import { audit } from "../audit";
import { publicUrlOf, type ServiceDeps } from "../deps";
import { findClient } from "./clients";

type Deps = Pick<ServiceDeps, "db" | "clock" | "publicUrl" | "clientDocuments">;

/** The query of an authorization request (RFC 6749 §4.1.1 with PKCE and RFC 8707's resource). */
export type AuthorizationParams = Partial<
  Record<
    "client_id" | "redirect_uri" | "response_type" | "code_challenge" | "code_challenge_method" | "state" | "scope" | "resource",
    string
  >
>;

/** An authorization request checked: what the consent page shows and the approval uses. */
export interface AuthorizationRequest {
  client: { id: string; name: string; clientUri: string | null };
  redirectUri: string;
  redirectHost: string;
  state: string | null;
  codeChallenge: string;
  resource: AgentResource;
  scopes: Scope[];
}

/**
 * Checks an authorization request. A request whose client or redirect URI is not known is refused
 * on the page (it is never redirected: RFC 6749 §4.1.2.1); the other refusals carry `redirectTo`,
 * the client's redirect URI with the error, for the page to send the browser back.
 */
export async function checkAuthorization(deps: Deps, params: AuthorizationParams): Promise<AuthorizationRequest> {
  const client = params.client_id
    ? await findClient(deps, {
        actor: VISITOR,
        clientId: params.client_id,
      })
    : null;
  if (!client) throw new OAuthError("invalid_client", "Aplikasi ini tidak terdaftar di Kuasa.");
  const redirectUri = params.redirect_uri ?? (client.redirectUris.length === 1 ? client.redirectUris[0] : undefined);
  if (!redirectUri || !client.redirectUris.includes(redirectUri) || !isAllowedRedirectUri(redirectUri)) {
    throw new OAuthError("invalid_request", "Alamat kembali (redirect_uri) tidak terdaftar untuk aplikasi ini.");
  }
  const refuse = (error: string, description: string) =>
    new OAuthError(error, description, 400, errorRedirect(redirectUri, params.state, error, description, publicUrlOf(deps)));
  if (params.response_type !== "code") throw refuse("unsupported_response_type", "The only response_type is code.");
  if (params.code_challenge_method !== "S256" || !params.code_challenge || !isPkceChallenge(params.code_challenge)) {
    throw refuse("invalid_request", "PKCE is required: code_challenge with code_challenge_method=S256.");
  }
  const resource = params.resource ? resourceOf(publicUrlOf(deps), params.resource) : null;
  if (!resource) throw refuse("invalid_target", `resource must be ${publicUrlOf(deps)}/mcp or ${publicUrlOf(deps)}/v1.`);
  const scopes = parseScopes(params.scope);
  if (!scopes) throw refuse("invalid_scope", "Scopes are katalog:baca, order:buat, status:baca and kasus:buat.");
  return {
    client: { id: client.id, name: client.name, clientUri: client.clientUri },
    redirectUri,
    redirectHost: redirectHost(redirectUri),
    state: params.state ?? null,
    codeChallenge: params.code_challenge,
    resource,
    scopes,
  };
}

function redirectWith(redirectUri: string, values: Record<string, string | null | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(values)) if (value != null) url.searchParams.set(name, value);
  return url.toString();
}

function errorRedirect(redirectUri: string, state: string | undefined, error: string, description: string, issuer: string): string {
  // RFC 9207: the issuer on every answer, so a client talking to several servers cannot be confused.
  return redirectWith(redirectUri, { error, error_description: description, state, iss: issuer });
}

/** What the admin chose on the consent page: the grant's limits, as a key's. */
export interface ConsentChoice {
  name: string;
  webhookUrl: string | null;
  mode: KeyMode;
  scopes: Scope[];
  maxOrderIdr: bigint;
  monthlyBudgetIdr: bigint;
}

/**
 * The admin's approval: a one-time code (5 minutes) holding their choice, and where to send the
 * browser with it. The grant's key is created when the client exchanges the code.
 */
export async function approveAuthorization(
  deps: Deps,
  { actor, params, choice }: { actor: AdminActor; params: AuthorizationParams; choice: ConsentChoice },
): Promise<{ redirectTo: string }> {
  requireActor(actor, "admin");
  const { organizationId } = actor;
  const request = await checkAuthorization(deps, params);
  if (choice.scopes.length === 0) throw new AppError("VALIDATION", "Pilih setidaknya satu izin.");
  if (choice.scopes.some((scope) => !request.scopes.includes(scope))) {
    throw new AppError("VALIDATION", "Izin yang dipilih melebihi yang diminta aplikasi.");
  }
  if (choice.maxOrderIdr <= 0n || choice.monthlyBudgetIdr <= 0n)
    throw new AppError("VALIDATION", "Batas dan anggaran harus lebih dari nol.");
  if (choice.webhookUrl && !isDashboardWebhookUrl(choice.webhookUrl)) {
    throw new AppError("VALIDATION", "URL webhook harus diawali https:// (atau http://localhost untuk pengembangan).");
  }
  const now = deps.clock.now();
  const code = generateOAuthToken("code");
  await deps.db.$transaction(async (tx) => {
    // Marks the client as used, so the sweep of never-authorized registrations keeps it. The row
    // lock also orders this against that sweep: a client it deleted first is unknown here.
    const marked = await tx.oAuthClient.updateMany({ where: { id: request.client.id }, data: { authorizedAt: now } });
    if (marked.count === 0) throw new OAuthError("invalid_client", "Aplikasi ini tidak terdaftar di Kuasa.");
    await tx.oAuthCode.create({
      data: {
        codeHash: code.hash,
        clientId: request.client.id,
        organizationId,
        userId: actor.id,
        redirectUri: request.redirectUri,
        codeChallenge: request.codeChallenge,
        resource: request.resource,
        name: choice.name.trim() || request.client.name,
        webhookUrl: choice.webhookUrl || null,
        mode: choice.mode,
        scopes: choice.scopes,
        maxOrderIdr: choice.maxOrderIdr,
        monthlyBudgetIdr: choice.monthlyBudgetIdr,
        expiresAt: new Date(now.getTime() + OAUTH_LIFETIMES.codeSeconds * 1000),
        createdAt: now,
      },
    });
  });
  return { redirectTo: redirectWith(request.redirectUri, { code: code.token, state: request.state, iss: publicUrlOf(deps) }) };
}

/** The admin's refusal: the client learns `access_denied`. */
export async function denyAuthorization(deps: Deps, params: AuthorizationParams): Promise<{ redirectTo: string }> {
  const request = await checkAuthorization(deps, params);
  return {
    redirectTo: errorRedirect(request.redirectUri, params.state, "access_denied", "The organisation's admin declined.", publicUrlOf(deps)),
  };
}

/** A token answer (RFC 6749 §5.1). */
export interface TokenAnswer {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
  scope: string;
}

type TokenParams = Partial<
  Record<"grant_type" | "code" | "code_verifier" | "redirect_uri" | "client_id" | "refresh_token" | "resource", string>
>;

/** The token endpoint: an authorization code (with its PKCE verifier) or a refresh token, for a new pair. */
export function issueTokens(deps: Deps, params: TokenParams): Promise<TokenAnswer> {
  if (params.grant_type === "authorization_code") return exchangeCode(deps, params);
  if (params.grant_type === "refresh_token") return refreshTokens(deps, params);
  throw new OAuthError("unsupported_grant_type", "grant_type is authorization_code or refresh_token.");
}

const CODE_USED = Symbol("code used");

async function exchangeCode(deps: Deps, params: TokenParams): Promise<TokenAnswer> {
  const { db, clock } = deps;
  if (!params.code || !params.code_verifier || !params.client_id) {
    throw new OAuthError("invalid_request", "code, code_verifier and client_id are required.");
  }
  const codeHash = oauthTokenHash(params.code);
  const code = await db.oAuthCode.findUnique({ where: { codeHash } });
  if (!code || code.clientId !== params.client_id) throw new OAuthError("invalid_grant", "The code is not valid.");
  if (code.usedAt) return reusedCode(deps, codeHash);
  const now = clock.now();
  if (code.expiresAt <= now) throw new OAuthError("invalid_grant", "The code has expired; authorize again.");
  if (params.redirect_uri !== undefined && params.redirect_uri !== code.redirectUri) {
    throw new OAuthError("invalid_grant", "redirect_uri differs from the authorization request's.");
  }
  if (!pkceMatches(params.code_verifier, code.codeChallenge))
    throw new OAuthError("invalid_grant", "The PKCE code_verifier does not match.");
  if (params.resource !== undefined && resourceOf(publicUrlOf(deps), params.resource) !== code.resource) {
    throw new OAuthError("invalid_target", "resource differs from the authorization request's.");
  }
  const client = await findClient(deps, {
    actor: VISITOR,
    clientId: code.clientId,
  });
  const actor = adminActor(code.userId, code.organizationId);
  try {
    return await db.$transaction(async (tx) => {
      // Of two exchanges of one code, one wins; the other finds it used and revokes what it granted.
      const claimed = await tx.oAuthCode.updateMany({ where: { codeHash, usedAt: null }, data: { usedAt: now } });
      if (claimed.count === 0) throw CODE_USED;
      const key = await createApiKeyIn(tx, actor, {
        organizationId: code.organizationId,
        name: code.name,
        webhookUrl: code.webhookUrl,
        mode: code.mode,
        scopes: code.scopes,
        maxOrderIdr: code.maxOrderIdr,
        monthlyBudgetIdr: code.monthlyBudgetIdr,
        oauthClientId: code.clientId,
      });
      await tx.oAuthCode.update({ where: { codeHash }, data: { apiKeyId: key.id } });
      await audit(tx, {
        actor,
        action: "oauth.grant",
        subjectType: "api_key",
        subjectId: key.id,
        data: {
          client_id: code.clientId,
          client_name: client?.name ?? "",
          resource: code.resource,
          mode: code.mode,
          scopes: code.scopes,
          max_order_idr: code.maxOrderIdr.toString(),
          monthly_budget_idr: code.monthlyBudgetIdr.toString(),
        },
      });
      return newTokenPair(tx, key.id, code.resource as AgentResource, code.scopes, now);
    });
  } catch (err) {
    if (err === CODE_USED) return reusedCode(deps, codeHash);
    throw err;
  }
}

/** OAuth 2.1 §4.1.3: a code used twice is stolen or replayed; what it granted is revoked. */
async function reusedCode(deps: Deps, codeHash: string): Promise<never> {
  const code = await deps.db.oAuthCode.findUnique({ where: { codeHash }, select: { apiKeyId: true } });
  if (code?.apiKeyId) await revokeGrant(deps, VISITOR, code.apiKeyId, "code_reused");
  throw new OAuthError("invalid_grant", "The code has already been used; its grant is revoked.");
}

const REFRESH_USED = Symbol("refresh token used");

async function refreshTokens(deps: Deps, params: TokenParams): Promise<TokenAnswer> {
  const { db, clock } = deps;
  if (!params.refresh_token || !params.client_id) throw new OAuthError("invalid_request", "refresh_token and client_id are required.");
  const tokenHash = oauthTokenHash(params.refresh_token);
  const token = await db.oAuthToken.findUnique({
    where: { tokenHash },
    include: { apiKey: { select: { oauthClientId: true, revokedAt: true, scopes: true } } },
  });
  if (token?.kind !== "refresh" || token.apiKey.oauthClientId !== params.client_id) {
    throw new OAuthError("invalid_grant", "The refresh token is not valid.");
  }
  if (token.usedAt) return reusedRefreshToken(deps, token.apiKeyId);
  const now = clock.now();
  if (token.apiKey.revokedAt) throw new OAuthError("invalid_grant", "The grant has been revoked; authorize again.");
  if (token.expiresAt <= now) throw new OAuthError("invalid_grant", "The refresh token has expired; authorize again.");
  if (params.resource !== undefined && resourceOf(publicUrlOf(deps), params.resource) !== token.resource) {
    throw new OAuthError("invalid_target", "resource differs from the grant's.");
  }
  try {
    return await db.$transaction(async (tx) => {
      const claimed = await tx.oAuthToken.updateMany({ where: { tokenHash, usedAt: null }, data: { usedAt: now } });
      if (claimed.count === 0) throw REFRESH_USED;
      return newTokenPair(tx, token.apiKeyId, token.resource as AgentResource, token.apiKey.scopes, now);
    });
  } catch (err) {
    if (err === REFRESH_USED) return reusedRefreshToken(deps, token.apiKeyId);
    throw err;
  }
}

/** OAuth 2.1 §4.3.1: a rotated refresh token presented again means one of two holders is not the client; the grant ends. */
async function reusedRefreshToken(deps: Deps, apiKeyId: string): Promise<never> {
  await revokeGrant(deps, VISITOR, apiKeyId, "refresh_token_reused");
  throw new OAuthError("invalid_grant", "The refresh token has already been used; its grant is revoked.");
}

type TokenTx = Parameters<Parameters<Deps["db"]["$transaction"]>[0]>[0];

async function newTokenPair(tx: TokenTx, apiKeyId: string, resource: AgentResource, scopes: string[], now: Date): Promise<TokenAnswer> {
  const access = generateOAuthToken("access");
  const refresh = generateOAuthToken("refresh");
  const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);
  await tx.oAuthToken.createMany({
    data: [
      { tokenHash: access.hash, kind: "access", apiKeyId, resource, expiresAt: at(OAUTH_LIFETIMES.accessTokenSeconds), createdAt: now },
      { tokenHash: refresh.hash, kind: "refresh", apiKeyId, resource, expiresAt: at(OAUTH_LIFETIMES.refreshTokenSeconds), createdAt: now },
    ],
  });
  return {
    access_token: access.token,
    token_type: "Bearer",
    expires_in: OAUTH_LIFETIMES.accessTokenSeconds,
    refresh_token: refresh.token,
    scope: scopes.join(" "),
  };
}

/**
 * Ends a grant: its key is revoked (as a key revoked on the keys page) and its tokens deleted, at
 * once in this process (the key cache is cleared).
 */
async function revokeGrant(deps: Deps, actor: Actor, apiKeyId: string, reason: string): Promise<void> {
  const { db, clock } = deps;
  await db.$transaction(async (tx) => {
    const revoked = await tx.apiKey.updateMany({ where: { id: apiKeyId, revokedAt: null }, data: { revokedAt: clock.now() } });
    await tx.oAuthToken.deleteMany({ where: { apiKeyId } });
    if (revoked.count > 0)
      await audit(tx, { actor, action: "oauth.revoke", subjectType: "api_key", subjectId: apiKeyId, data: { reason } });
  });
  invalidateApiKeyCache(deps);
}

/**
 * RFC 7009 revocation by the client: an access token ends alone; a refresh token ends its grant
 * (§2.1 lets it, and a client that lets go of its refresh token is done). An unknown token, or
 * another client's, changes nothing and answers the same.
 */
export async function revokeToken(deps: Deps, params: Partial<Record<"token" | "client_id", string>>): Promise<void> {
  if (!params.token) throw new OAuthError("invalid_request", "token is required.");
  const token = await deps.db.oAuthToken.findUnique({
    where: { tokenHash: oauthTokenHash(params.token) },
    include: { apiKey: { select: { oauthClientId: true } } },
  });
  if (!token || (params.client_id !== undefined && token.apiKey.oauthClientId !== params.client_id)) return;
  if (token.kind === "access") await deps.db.oAuthToken.deleteMany({ where: { tokenHash: token.tokenHash } });
  else await revokeGrant(deps, VISITOR, token.apiKeyId, "revoked_by_client");
}

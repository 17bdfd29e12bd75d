import { createHash } from "node:crypto";
import { z } from "zod";
import { randomBase62 } from "../ids";
import { publicLink } from "../public-url";
import { nameText } from "../text/name-text";
import { hashSecret } from "./api-key";
import { isScope, SCOPES, type Scope } from "./scopes";

/**
 * The OAuth 2.1 rules of Kuasa's authorization server (services/oauth), pure. docs/decisions/oauth.md
 * ("OAuth for /mcp and /v1") says why each value is what it is.
 */
export const OAUTH_LIFETIMES = {
  /** An access token: short, so a leaked one is worth little; the refresh token renews it. */
  accessTokenSeconds: 3600,
  /** A refresh token: used once; each use issues the next, for as long again. */
  refreshTokenSeconds: 30 * 24 * 3600,
  /** A code: exchanged by the client right after the redirect. */
  codeSeconds: 300,
} as const;

/** Where the authorization server's endpoints are; the authorization endpoint is the portal's consent page (app/oauth/izinkan). */
export const OAUTH_ENDPOINT_PATHS = {
  authorization: "/oauth/izinkan",
  token: "/oauth/token",
  registration: "/oauth/register",
  revocation: "/oauth/revoke",
} as const;

/** The two protected resources (RFC 8707): a token is bound to one and refused on the other. */
export const AGENT_RESOURCES = ["mcp", "v1"] as const;
export type AgentResource = (typeof AGENT_RESOURCES)[number];

/** A resource's identifier as clients name it: the face's URL. */
export function resourceUrl(publicUrl: string, resource: AgentResource): string {
  return publicLink(publicUrl, `/${resource}`);
}

/** The resource a client named (its `resource` parameter), or null when it is none of ours. */
export function resourceOf(publicUrl: string, value: string): AgentResource | null {
  const named = value.replace(/\/+$/, "");
  return AGENT_RESOURCES.find((resource) => resourceUrl(publicUrl, resource) === named) ?? null;
}

/** Where a resource's metadata (RFC 9728) is: the well-known path with the resource's path appended. */
function resourceMetadataUrl(publicUrl: string, resource: AgentResource): string {
  return publicLink(publicUrl, `/.well-known/oauth-protected-resource/${resource}`);
}

/**
 * The challenge of a 401 on a resource (RFC 6750 §3, RFC 9728 §5.1): where its metadata is, and
 * `invalid_token` when a token was sent and refused.
 */
export function bearerChallenge(publicUrl: string, resource: AgentResource, tokenSent: boolean): string {
  const metadata = `resource_metadata="${resourceMetadataUrl(publicUrl, resource)}"`;
  return tokenSent ? `Bearer error="invalid_token", ${metadata}` : `Bearer ${metadata}`;
}

const TOKEN_PREFIX = { access: "kat_", refresh: "krt_", code: "kac_" } as const;
type TokenKind = keyof typeof TOKEN_PREFIX;

/** A new token of `kind`: its prefix and 43 base62 characters (~256 bits). Only its hash is stored. */
export function generateOAuthToken(kind: TokenKind): { token: string; hash: string } {
  const token = `${TOKEN_PREFIX[kind]}${randomBase62(43)}`;
  return { token, hash: hashSecret(token) };
}

/** The stored form of a presented token or code. */
export function oauthTokenHash(token: string): string {
  return hashSecret(token);
}

export function isOAuthToken(token: string, kind: TokenKind): boolean {
  return token.startsWith(TOKEN_PREFIX[kind]) && /^[a-z]{3}_[0-9A-Za-z]{43}$/.test(token);
}

/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
const VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;
/** An S256 challenge: base64url of a SHA-256, without padding. */
const CHALLENGE_PATTERN = /^[A-Za-z0-9\-_]{43}$/;

export function isPkceChallenge(value: string): boolean {
  return CHALLENGE_PATTERN.test(value);
}

/** PKCE S256 (the only method): the verifier's SHA-256, base64url, is the challenge. */
export function pkceMatches(verifier: string, challenge: string): boolean {
  if (!VERIFIER_PATTERN.test(verifier)) return false;
  return createHash("sha256").update(verifier, "ascii").digest("base64url") === challenge;
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** OAuth 2.1 §1.5 and §8.4.2: a redirect URI is https, or http to a loopback address (native apps); never a fragment. */
export function isAllowedRedirectUri(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.hash || value.includes("#")) return false;
  if (url.protocol === "https:") return true;
  return url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * What a client may register (RFC 7591) or describe in its metadata document, bounded: the whole
 * registration body, each list and each string. Registration is anonymous, so without bounds
 * anyone could store tens of kilobytes a request; these leave ordinary clients (a few hundred
 * bytes) ample room.
 */
export const OAUTH_CLIENT_LIMITS = {
  /** The registration request's body, as JSON bytes. */
  metadataBytes: 4 * 1024,
  redirectUris: 10,
  /** A URI: the consent page's parameters take as much (api/schemas/access/oauth-portal.ts). */
  uriLength: 2000,
  /** As an API key's name, which the grant's key takes from it by default. */
  clientName: 100,
  /** A short string: an auth method, a grant or response type, a software id or version. */
  word: 100,
  listEntries: 10,
  scope: 500,
  contacts: 5,
  contact: 320,
} as const;

const isWebUrl = (value: string) => {
  try {
    return ["https:", "http:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};
const L = OAUTH_CLIENT_LIMITS;
const webUri = z.string().max(L.uriLength).refine(isWebUrl, "must be an http or https URL");
// Some clients send an empty string for a URI they do not have: taken as none.
const optionalUri = z.preprocess((value) => (value === "" ? undefined : value), webUri.optional());
const word = z.string().max(L.word);
const words = z.array(word).max(L.listEntries);

/**
 * A client's metadata as Kuasa keeps it: RFC 7591's fields that mean something for a public client
 * with PKCE, each bounded; any other field (jwks, software_statement, extensions) is ignored, as
 * RFC 7591 §2 asks of unknown ones. Registration and metadata documents both read it. Redirect
 * URIs are checked against isAllowedRedirectUri afterwards, for their own error.
 */
export const clientMetadataSchema = z.object({
  redirect_uris: z.array(z.string().max(L.uriLength)).min(1).max(L.redirectUris),
  token_endpoint_auth_method: word.optional(),
  grant_types: words.optional(),
  response_types: words.optional(),
  client_name: nameText(z.string().trim().max(L.clientName)).optional(),
  client_uri: optionalUri,
  logo_uri: optionalUri,
  scope: z.string().max(L.scope).optional(),
  contacts: z.array(z.string().max(L.contact)).max(L.contacts).optional(),
  tos_uri: optionalUri,
  policy_uri: optionalUri,
  software_id: word.optional(),
  software_version: word.optional(),
});

/** The host an admin is shown on the consent page: where the code will be sent. */
export function redirectHost(redirectUri: string): string {
  return new URL(redirectUri).host;
}

/** A client's requested scopes (space-separated); none named means all four. Unknown ones are null (invalid_scope). */
export function parseScopes(value: string | undefined): Scope[] | null {
  if (value === undefined || value.trim() === "") return [...SCOPES];
  const named = value.split(" ").filter(Boolean);
  if (!named.every(isScope)) return null;
  return SCOPES.filter((scope) => named.includes(scope));
}

/** An OAuth error answer (RFC 6749 §5.2, RFC 7009, RFC 7591 §3.2.2): its `error`, description and status. */
export class OAuthError extends Error {
  override readonly name = "OAuthError";
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
    /** For an authorization request: the client's redirect URI carrying the error, when it may be sent there. */
    readonly redirectTo: string | null = null,
  ) {
    super(description);
  }
}

/**
 * Where sign-in may send the browser back to (`/masuk?lanjut=…`): the consent page only, on this
 * site, so the parameter cannot make the sign-in page an open redirect.
 */
export function signInReturnPath(value: string | undefined): string | null {
  if (!value?.startsWith("/oauth/izinkan?") || /[\\\s]/.test(value) || value.includes("//")) return null;
  return value.slice(0, 4000);
}

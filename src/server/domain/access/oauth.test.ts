import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  bearerChallenge,
  generateOAuthToken,
  isAllowedRedirectUri,
  isOAuthToken,
  oauthTokenHash,
  parseScopes,
  pkceMatches,
  resourceOf,
  signInReturnPath,
} from "./oauth";

describe("PKCE S256", () => {
  const verifier = "a".repeat(43);
  const challenge = createHash("sha256").update(verifier).digest("base64url");

  it("accepts the verifier whose SHA-256 is the challenge, and no other", () => {
    expect(pkceMatches(verifier, challenge)).toBe(true);
    expect(pkceMatches("b".repeat(43), challenge)).toBe(false);
  });

  it("refuses a verifier shorter than 43 characters or with characters outside RFC 7636's set", () => {
    const short = "a".repeat(42);
    expect(pkceMatches(short, createHash("sha256").update(short).digest("base64url"))).toBe(false);
    const spaced = `${"a".repeat(42)} `;
    expect(pkceMatches(spaced, createHash("sha256").update(spaced).digest("base64url"))).toBe(false);
  });
});

describe("redirect URIs", () => {
  it("takes https anywhere and http to a loopback address only, never with a fragment", () => {
    expect(isAllowedRedirectUri("https://asisten.contoh.id/cb")).toBe(true);
    expect(isAllowedRedirectUri("http://127.0.0.1:5555/cb")).toBe(true);
    expect(isAllowedRedirectUri("http://localhost/cb")).toBe(true);
    expect(isAllowedRedirectUri("http://[::1]:80/cb")).toBe(true);
    expect(isAllowedRedirectUri("http://asisten.contoh.id/cb")).toBe(false);
    expect(isAllowedRedirectUri("https://asisten.contoh.id/cb#x")).toBe(false);
    expect(isAllowedRedirectUri("javascript:alert(1)")).toBe(false);
    expect(isAllowedRedirectUri("bukan url")).toBe(false);
  });
});

describe("resources and challenges", () => {
  it("knows /mcp and /v1 of the public URL only", () => {
    expect(resourceOf("https://kuasa.id", "https://kuasa.id/mcp")).toBe("mcp");
    expect(resourceOf("https://kuasa.id", "https://kuasa.id/v1/")).toBe("v1");
    expect(resourceOf("https://kuasa.id", "https://lain.id/mcp")).toBeNull();
    expect(resourceOf("https://kuasa.id", "https://kuasa.id/")).toBeNull();
  });

  it("says invalid_token only when a token was sent", () => {
    expect(bearerChallenge("https://kuasa.id", "mcp", false)).toBe(
      'Bearer resource_metadata="https://kuasa.id/.well-known/oauth-protected-resource/mcp"',
    );
    expect(bearerChallenge("https://kuasa.id", "v1", true)).toBe(
      'Bearer error="invalid_token", resource_metadata="https://kuasa.id/.well-known/oauth-protected-resource/v1"',
    );
  });
});

describe("tokens", () => {
  it("are random, of their kind, and stored only as a hash", () => {
    const access = generateOAuthToken("access");
    expect(isOAuthToken(access.token, "access")).toBe(true);
    expect(isOAuthToken(access.token, "refresh")).toBe(false);
    expect(access.hash).toBe(oauthTokenHash(access.token));
    expect(access.hash).not.toContain(access.token.slice(4));
    expect(generateOAuthToken("access").token).not.toBe(access.token);
  });
});

describe("scopes", () => {
  it("means all four when none is named, keeps the table's order, and refuses an unknown one", () => {
    expect(parseScopes(undefined)).toEqual(["katalog:baca", "order:buat", "status:baca", "kasus:buat"]);
    expect(parseScopes("status:baca katalog:baca")).toEqual(["katalog:baca", "status:baca"]);
    expect(parseScopes("katalog:baca admin")).toBeNull();
  });
});

describe("the sign-in page's return path", () => {
  it("returns to the consent page on this site only", () => {
    expect(signInReturnPath("/oauth/izinkan?client_id=oc_1")).toBe("/oauth/izinkan?client_id=oc_1");
    expect(signInReturnPath("https://penyerang.id/oauth/izinkan?")).toBeNull();
    expect(signInReturnPath("//penyerang.id/oauth/izinkan?")).toBeNull();
    expect(signInReturnPath("/oauth/izinkan?x=1//penyerang.id")).toBeNull();
    expect(signInReturnPath("/oauth/izinkan?\\penyerang")).toBeNull();
    expect(signInReturnPath("/organisasi")).toBeNull();
    expect(signInReturnPath(undefined)).toBeNull();
  });
});

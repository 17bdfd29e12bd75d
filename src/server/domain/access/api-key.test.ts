import { describe, expect, it } from "vitest";
import { bearerToken, generateApiKey, hashSecret, modeOfApiKey, parseApiKey, secretMatches } from "./api-key";

describe("API keys", () => {
  it("generates keys of the shape <key_id>.<key_secret> that parse back", () => {
    const key = generateApiKey("live");
    expect(key.token).toMatch(/^kk_live_[0-9A-Za-z]{16}\.[0-9A-Za-z]{32}$/);
    expect(parseApiKey(key.token)).toEqual({ keyId: key.keyId, secret: key.secret });
    expect(key.secretHash).toBe(hashSecret(key.secret));
  });

  it("marks test keys in the key id, which alone tells a key's mode", () => {
    expect(generateApiKey("test").keyId).toMatch(/^kk_test_/);
    expect(modeOfApiKey(generateApiKey("test").token)).toBe("test");
    expect(modeOfApiKey(generateApiKey("live").token)).toBe("live");
    expect(modeOfApiKey(`kk_test_${"a".repeat(16)}`)).toBeNull();
    expect(modeOfApiKey(`mat_${"a".repeat(43)}`)).toBeNull();
  });

  it("never generates the same secret twice", () => {
    const secrets = new Set(Array.from({ length: 1000 }, () => generateApiKey("live").secret));
    expect(secrets.size).toBe(1000);
  });

  it.each([
    ["", "empty"],
    ["kk_live_abcdefghijklmnop", "no dot"],
    ["kk_live_abcdefghijklmnop.", "empty secret"],
    ["kk_live_abcdefghijklmno.0123456789abcdefghijABCDEFGHIJKL", "short key id"],
    ["kk_prod_abcdefghijklmnop.0123456789abcdefghijABCDEFGHIJKL", "unknown mode"],
    ["kk_live_abcdefghijklmnop.0123456789abcdefghijABCDEFGHIJK!", "non-base62 secret"],
    ["kk_live_abcdefghijklmnop.0123456789abcdefghijABCDEFGHIJKL.x", "two dots"],
  ])("refuses %j (%s)", (raw) => {
    expect(parseApiKey(raw)).toBeNull();
  });

  it("matches only the right secret against a stored hash", () => {
    const key = generateApiKey("live");
    expect(secretMatches(key.secret, key.secretHash)).toBe(true);
    expect(secretMatches(generateApiKey("live").secret, key.secretHash)).toBe(false);
    expect(secretMatches(key.secret, "not-a-hash")).toBe(false);
  });

  it("reads bearer tokens case-insensitively and refuses other schemes", () => {
    expect(bearerToken("Bearer abc")).toBe("abc");
    expect(bearerToken("bearer   abc ")).toBe("abc");
    expect(bearerToken("Basic abc")).toBeNull();
    expect(bearerToken("Bearer")).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });
});

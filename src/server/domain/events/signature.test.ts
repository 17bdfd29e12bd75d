import { describe, expect, it } from "vitest";
import { signWebhook, type VerifyFailure, verifyWebhookSignature } from "./signature";

const SECRET = "whsec_test";
const BODY = '{"event":"order.dibayar"}';
const T = 1_700_000_000;
// Computed independently: printf '%s' '1700000000.{"event":"order.dibayar"}' | openssl dgst -sha256 -hmac whsec_test
const V1 = "d062af0bc04ed5980f416c900ef70f484ef60045d2349a68f11f75a7371b9a40";
const NOW = T * 1000;

describe("signWebhook", () => {
  it("produces t=<unix>,v1=<lowercase hex HMAC-SHA256 over t.body>", () => {
    expect(signWebhook(SECRET, T, BODY)).toBe(`t=${T},v1=${V1}`);
  });

  it("signs bytes and the same text identically", () => {
    expect(signWebhook(SECRET, T, Buffer.from(BODY, "utf8"))).toBe(signWebhook(SECRET, T, BODY));
  });

  it.each([1.5, -1, Number.NaN])("refuses the timestamp %s", (t) => {
    expect(() => signWebhook(SECRET, t, BODY)).toThrow(RangeError);
  });

  it("gives one v1 per secret, in the order given, each verifying with its own secret only (rotation overlap)", () => {
    const header = signWebhook(["whsec_new", SECRET], T, BODY);
    const newV1 = signWebhook("whsec_new", T, BODY).split("v1=")[1];
    expect(header).toBe(`t=${T},v1=${newV1},v1=${V1}`);
    for (const secret of ["whsec_new", SECRET]) expect(verifyWebhookSignature(secret, header, BODY, { now: NOW }).ok).toBe(true);
    expect(verifyWebhookSignature("whsec_other", header, BODY, { now: NOW })).toEqual({ ok: false, reason: "signature_mismatch" });
  });

  it("refuses to sign with no secret at all", () => {
    expect(() => signWebhook([], T, BODY)).toThrow(RangeError);
  });
});

describe("verifyWebhookSignature", () => {
  const other = "f".repeat(64);
  const cases: Array<[string, string | null, string, number, true | VerifyFailure]> = [
    ["a correct signature", `t=${T},v1=${V1}`, BODY, NOW, true],
    ["uppercase hex", `t=${T},v1=${V1.toUpperCase()}`, BODY, NOW, true],
    ["spaces around parts", ` t=${T} , v1=${V1} `, BODY, NOW, true],
    ["parts in any order", `v1=${V1},t=${T}`, BODY, NOW, true],
    ["a second v1 that matches (rotation)", `t=${T},v1=${other},v1=${V1}`, BODY, NOW, true],
    ["an unknown scheme next to v1", `t=${T},v0=abc,v1=${V1}`, BODY, NOW, true],
    ["exactly 300 s old", `t=${T},v1=${V1}`, BODY, NOW + 300_000, true],
    ["exactly 300 s ahead", `t=${T},v1=${V1}`, BODY, NOW - 300_000, true],
    ["301 s old", `t=${T},v1=${V1}`, BODY, NOW + 301_000, "timestamp_out_of_tolerance"],
    ["301 s in the future", `t=${T},v1=${V1}`, BODY, NOW - 301_000, "timestamp_out_of_tolerance"],
    ["a changed body", `t=${T},v1=${V1}`, BODY.replace("dibayar", "selesai"), NOW, "signature_mismatch"],
    ["a body with one more space", `t=${T},v1=${V1}`, `${BODY} `, NOW, "signature_mismatch"],
    ["a changed timestamp", `t=${T + 1},v1=${V1}`, BODY, NOW, "signature_mismatch"],
    ["only wrong v1 values", `t=${T},v1=${other},v1=${"0".repeat(64)}`, BODY, NOW, "signature_mismatch"],
    ["no header", null, BODY, NOW, "malformed_header"],
    ["an empty header", "", BODY, NOW, "malformed_header"],
    ["no t", `v1=${V1}`, BODY, NOW, "malformed_header"],
    ["no v1", `t=${T}`, BODY, NOW, "malformed_header"],
    ["two t values", `t=${T},t=${T},v1=${V1}`, BODY, NOW, "malformed_header"],
    ["a non-numeric t", `t=abc,v1=${V1}`, BODY, NOW, "malformed_header"],
    ["a negative t", `t=-${T},v1=${V1}`, BODY, NOW, "malformed_header"],
    ["a short v1", `t=${T},v1=${V1.slice(0, 63)}`, BODY, NOW, "malformed_header"],
    ["a non-hex v1", `t=${T},v1=${"z".repeat(64)}`, BODY, NOW, "malformed_header"],
    ["a part without =", `t=${T},v1=${V1},junk`, BODY, NOW, "malformed_header"],
    ["a JSON-looking header", JSON.stringify({ t: T, v1: V1 }), BODY, NOW, "malformed_header"],
  ];

  it.each(cases)("%s", (_name, header, body, now, expected) => {
    const result = verifyWebhookSignature(SECRET, header, body, { now });
    expect(result).toEqual(expected === true ? { ok: true, timestamp: T } : { ok: false, reason: expected });
  });

  it("rejects the right signature under the wrong secret", () => {
    expect(verifyWebhookSignature("whsec_other", `t=${T},v1=${V1}`, BODY, { now: NOW })).toEqual({
      ok: false,
      reason: "signature_mismatch",
    });
  });

  it("accepts when any of several secrets matches (receiver-side rotation)", () => {
    expect(verifyWebhookSignature(["whsec_new", SECRET], `t=${T},v1=${V1}`, BODY, { now: NOW }).ok).toBe(true);
  });

  it("honours a custom tolerance", () => {
    const header = `t=${T},v1=${V1}`;
    expect(verifyWebhookSignature(SECRET, header, BODY, { now: NOW + 10_000, toleranceSeconds: 5 }).ok).toBe(false);
    expect(verifyWebhookSignature(SECRET, header, BODY, { now: NOW + 4_000, toleranceSeconds: 5 }).ok).toBe(true);
  });

  it("uses the current time by default", () => {
    const t = Math.floor(Date.now() / 1000);
    expect(verifyWebhookSignature(SECRET, signWebhook(SECRET, t, BODY), BODY).ok).toBe(true);
    expect(verifyWebhookSignature(SECRET, `t=${T},v1=${V1}`, BODY)).toEqual({ ok: false, reason: "timestamp_out_of_tolerance" });
  });

  it("round-trips signWebhook for bodies with non-ASCII text", () => {
    const body = JSON.stringify({ event: "order.diserahkan", order: { deliverable: "Surat kuasa — selesai ✓" } });
    const header = signWebhook(SECRET, T, body);
    expect(verifyWebhookSignature(SECRET, header, Buffer.from(body, "utf8"), { now: NOW }).ok).toBe(true);
  });
});

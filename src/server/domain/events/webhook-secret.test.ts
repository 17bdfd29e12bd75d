import { describe, expect, it } from "vitest";
import { rotateSecrets, signingSecrets, WEBHOOK_SECRET_OVERLAP_HOURS, type WebhookSecrets } from "./webhook-secret";

const NOW = new Date("2026-11-22T10:00:00.000Z");
const HOUR = 3_600_000;
const plain: WebhookSecrets = { current: "whsec_a", previous: null, previousExpiresAt: null };

describe("rotateSecrets", () => {
  it("keeps the replaced secret for the overlap, 24 hours unless told otherwise", () => {
    expect(rotateSecrets(plain, "whsec_b", NOW, WEBHOOK_SECRET_OVERLAP_HOURS.default)).toEqual({
      current: "whsec_b",
      previous: "whsec_a",
      previousExpiresAt: new Date(NOW.getTime() + 24 * HOUR),
    });
    expect(rotateSecrets(plain, "whsec_b", NOW, 72).previousExpiresAt).toEqual(new Date(NOW.getTime() + 72 * HOUR));
  });

  it("with overlap 0 drops every older secret at once, also one still overlapping", () => {
    const overlapping = rotateSecrets(plain, "whsec_b", NOW, 24);
    expect(rotateSecrets(overlapping, "whsec_c", NOW, 0)).toEqual({ current: "whsec_c", previous: null, previousExpiresAt: null });
  });

  it("during an overlap keeps the secret it replaces and drops the one before it", () => {
    const first = rotateSecrets(plain, "whsec_b", NOW, 24);
    const later = new Date(NOW.getTime() + HOUR);
    expect(rotateSecrets(first, "whsec_c", later, 2)).toEqual({
      current: "whsec_c",
      previous: "whsec_b",
      previousExpiresAt: new Date(later.getTime() + 2 * HOUR),
    });
  });

  it.each([-1, 73, 1.5, Number.NaN])("refuses an overlap of %s hours", (hours) => {
    expect(() => rotateSecrets(plain, "whsec_b", NOW, hours)).toThrow(expect.objectContaining({ code: "VALIDATION" }));
  });
});

describe("signingSecrets", () => {
  const rotated = rotateSecrets(plain, "whsec_b", NOW, 1);

  it("signs with the new secret first and the replaced one until the expiry, then with the new one only", () => {
    expect(signingSecrets(rotated, NOW)).toEqual(["whsec_b", "whsec_a"]);
    expect(signingSecrets(rotated, new Date(NOW.getTime() + HOUR - 1))).toEqual(["whsec_b", "whsec_a"]);
    expect(signingSecrets(rotated, new Date(NOW.getTime() + HOUR))).toEqual(["whsec_b"]);
  });

  it("signs with the one secret of a key never rotated", () => {
    expect(signingSecrets(plain, NOW)).toEqual(["whsec_a"]);
  });
});

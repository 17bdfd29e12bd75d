import { describe, expect, it } from "vitest";
import { signInErrorCode, signInErrorMessage } from "./sign-in-error";

describe("the sign-in form's messages", () => {
  it("tells how long to wait, in seconds under a minute and whole minutes rounded up above", () => {
    expect(signInErrorMessage(signInErrorCode({ reason: "rate_limited", retryAfterSeconds: 30 }))).toBe(
      "Terlalu banyak percobaan masuk yang gagal. Tunggu 30 detik lalu coba lagi.",
    );
    expect(signInErrorMessage(signInErrorCode({ reason: "rate_limited", retryAfterSeconds: 61 }))).toBe(
      "Terlalu banyak percobaan masuk yang gagal. Tunggu 2 menit lalu coba lagi.",
    );
    expect(signInErrorMessage(signInErrorCode({ reason: "rate_limited", retryAfterSeconds: 900 }))).toContain("Tunggu 15 menit");
  });

  it("sends a new device held back by an attack on the account to the e-mailed device link, and says how long to wait otherwise", () => {
    const code = signInErrorCode({ reason: "rate_limited", retryAfterSeconds: 30, deviceLink: true });
    expect(code).toBe("rate_limited:30:tautan");
    expect(signInErrorMessage(code)).toMatch(/tautan masuk ke e-mail akun ini.*buka tautan itu di perangkat ini.*Atau tunggu 30 detik/);
  });

  it("says the e-mail or password is wrong without saying which, and something general for anything else", () => {
    expect(signInErrorMessage(signInErrorCode({ reason: "invalid" }))).toBe(
      "E-mail atau kata sandi salah. Periksa kembali lalu coba lagi.",
    );
    expect(signInErrorMessage("CredentialsSignin")).toBe("Tidak bisa masuk saat ini. Coba lagi sebentar lagi.");
  });
});

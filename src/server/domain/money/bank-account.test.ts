import { describe, expect, it } from "vitest";
import { isRecentAccount, maskAccountNumber, normalizeBankAccount, payoutDestinationText, RECENT_ACCOUNT_MS } from "./bank-account";

describe("bank account rules", () => {
  it("strips spaces and dashes from the number and squeezes the holder's spaces", () => {
    expect(normalizeBankAccount({ bankCode: "bri", accountNumber: " 0023-01 000456 50 ", holderName: " Budi  Santoso " })).toEqual({
      bankCode: "bri",
      accountNumber: "00230100045650",
      holderName: "Budi Santoso",
    });
  });

  it("accepts 6 to 20 digits only, from a bank of the list only", () => {
    const account =
      (accountNumber: string, bankCode = "bca") =>
      () =>
        normalizeBankAccount({ bankCode, accountNumber, holderName: "Budi" });
    expect(account("123456")).not.toThrow();
    expect(account("1".repeat(20))).not.toThrow();
    for (const wrong of [
      account("12345"),
      account("1".repeat(21)),
      account("12345a7"),
      account("123.456.789"),
      account("123456", "lainnya"),
    ])
      expect(wrong).toThrow(expect.objectContaining({ code: "VALIDATION" }));
  });

  it("masks all but the last 4 digits, and names the destination with bank and holder", () => {
    expect(maskAccountNumber("0123456789")).toBe("•••• 6789");
    expect(payoutDestinationText({ bankCode: "cimb_niaga", accountNumber: "7601234567", holderName: "Sari" })).toBe(
      "CIMB Niaga •••• 4567 a.n. Sari",
    );
  });

  it("counts an account as recent for 24 hours after it was entered or verified, whichever is later", () => {
    const created = new Date("2026-11-20T00:00:00Z");
    const later = (ms: number) => new Date(created.getTime() + ms);
    expect(isRecentAccount({ createdAt: created, verifiedAt: null }, later(RECENT_ACCOUNT_MS - 1))).toBe(true);
    expect(isRecentAccount({ createdAt: created, verifiedAt: null }, later(RECENT_ACCOUNT_MS))).toBe(false);
    expect(isRecentAccount({ createdAt: created, verifiedAt: later(RECENT_ACCOUNT_MS) }, later(RECENT_ACCOUNT_MS + 1))).toBe(true);
  });
});

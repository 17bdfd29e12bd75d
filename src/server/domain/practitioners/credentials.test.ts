import { describe, expect, it } from "vitest";
import {
  type CredentialFacts,
  countsOn,
  credentialDecision,
  credentialProblems,
  daysBetween,
  labelOf,
  nextReminder,
  qualifiesFor,
  reminderToSend,
} from "./credentials";

const verified = (kind: CredentialFacts["kind"], extra: Partial<CredentialFacts> = {}): CredentialFacts => ({
  kind,
  issuer: kind === "advokat" ? "PERADI" : "Kementerian Hukum",
  status: "terverifikasi",
  validUntil: null,
  province: kind === "notaris" || kind === "ppat" ? "31" : null,
  ...extra,
});

describe("countsOn", () => {
  it("counts a verified credential until the day before its last day, and never an unverified or rejected one", () => {
    const card = verified("advokat", { validUntil: "2026-12-31" });
    expect(countsOn(card, "2026-12-30")).toBe(true);
    expect(countsOn(card, "2026-12-31")).toBe(false);
    expect(countsOn(card, "2027-01-01")).toBe(false);
    expect(countsOn(verified("advokat"), "2099-01-01")).toBe(true);
    expect(countsOn({ ...card, status: "menunggu_verifikasi" }, "2026-01-01")).toBe(false);
    expect(countsOn({ ...card, status: "ditolak" }, "2026-01-01")).toBe(false);
  });
});

describe("labelOf", () => {
  it("derives the label from the credentials that count, advocates with their organisation and notaries with their province", () => {
    expect(labelOf([verified("notaris"), verified("advokat")], "2026-11-29")).toBe("Advokat (PERADI) · Notaris — DKI Jakarta");
    expect(labelOf([verified("ppat", { province: "32" }), verified("konsultan_ki")], "2026-11-29")).toBe(
      "PPAT — Jawa Barat · Konsultan KI",
    );
  });

  it("has no label when no credential counts", () => {
    expect(labelOf([], "2026-11-29")).toBeNull();
    expect(
      labelOf([verified("advokat", { validUntil: "2026-11-29" }), { ...verified("notaris"), status: "menunggu_verifikasi" }], "2026-11-29"),
    ).toBeNull();
  });
});

describe("qualifiesFor", () => {
  const day = "2026-11-29";

  it("needs every required kind, a notary's or PPAT's in the order's province", () => {
    const jakartaNotary = [verified("notaris")];
    expect(qualifiesFor(jakartaNotary, ["notaris"], "31", day)).toBe(true);
    expect(qualifiesFor(jakartaNotary, ["notaris"], "32", day)).toBe(false);
    expect(qualifiesFor(jakartaNotary, ["notaris"], null, day)).toBe(true);
    expect(qualifiesFor(jakartaNotary, ["notaris", "ppat"], "31", day)).toBe(false);
    expect(qualifiesFor([verified("notaris"), verified("ppat")], ["notaris", "ppat"], "31", day)).toBe(true);
  });

  it("refuses an expired or unverified credential, and a practitioner with none even for a service that requires nothing", () => {
    expect(qualifiesFor([verified("advokat", { validUntil: day })], ["advokat"], null, day)).toBe(false);
    expect(qualifiesFor([{ ...verified("advokat"), status: "menunggu_verifikasi" }], ["advokat"], null, day)).toBe(false);
    expect(qualifiesFor([], [], null, day)).toBe(false);
    expect(qualifiesFor([verified("penerjemah_tersumpah")], [], null, day)).toBe(true);
  });
});

describe("credentialProblems", () => {
  it("asks for issuer, number, a date and a province only where the kind has one", () => {
    expect(credentialProblems({ kind: "notaris", issuer: "Kementerian Hukum", number: "AHU-1", validUntil: null, province: "31" })).toEqual(
      [],
    );
    expect(credentialProblems({ kind: "notaris", issuer: "x", number: "1", validUntil: null, province: null })).toHaveLength(1);
    expect(credentialProblems({ kind: "advokat", issuer: "PERADI", number: "1", validUntil: "2027-01-01", province: "31" })).toHaveLength(
      1,
    );
    expect(
      credentialProblems({ kind: "dukun", issuer: "", number: "", validUntil: "31-12-2026", province: "99" }).length,
    ).toBeGreaterThanOrEqual(4);
  });
});

describe("credentialDecision", () => {
  it("verifies or rejects a submitted credential, revokes a verified one, and changes nothing else", () => {
    expect(credentialDecision("menunggu_verifikasi", true)).toBe("terverifikasi");
    expect(credentialDecision("menunggu_verifikasi", false)).toBe("ditolak");
    expect(credentialDecision("terverifikasi", false)).toBe("ditolak");
    expect(credentialDecision("terverifikasi", true)).toBeNull();
    expect(credentialDecision("ditolak", true)).toBeNull();
    expect(credentialDecision("kedaluwarsa", true)).toBeNull();
  });
});

describe("expiry reminders", () => {
  it("plans the 30-day reminder, then the 7-day one, then none", () => {
    expect(nextReminder("2027-03-31", null)).toEqual({ days: 30, dueOn: "2027-03-01" });
    expect(nextReminder("2027-03-31", 30)).toEqual({ days: 7, dueOn: "2027-03-24" });
    expect(nextReminder("2027-03-31", 7)).toBeNull();
  });

  it("sends only the most urgent reminder already due, and none before the first is due", () => {
    expect(reminderToSend("2027-03-31", null, "2027-02-28")).toBeNull();
    expect(reminderToSend("2027-03-31", null, "2027-03-01")).toBe(30);
    expect(reminderToSend("2027-03-31", null, "2027-03-26")).toBe(7);
    expect(reminderToSend("2027-03-31", 30, "2027-03-20")).toBeNull();
    expect(reminderToSend("2027-03-31", 7, "2027-03-30")).toBeNull();
    expect(daysBetween("2027-03-26", "2027-03-31")).toBe(5);
  });
});

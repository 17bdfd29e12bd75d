import { describe, expect, it } from "vitest";
import { conflictsOf, isSameParty, nameSimilarity, normalizePartyName, partiesOf, SAME_PARTY_SIMILARITY } from "./conflicts";

/** Two writings of one party each: what a conflict check must catch. */
const SAME: Array<[string, string]> = [
  ["PT Maju Jaya Tbk", "Maju Jaya"],
  ["PT. Sumber Makmur Abadi (Persero)", "sumber makmur abadi"],
  ["Budi Santoso, S.H., M.H.", "budi santoso"],
  ["Koperasi Sejahtera Bersama", "KOPERASI SEJAHTERA BERSAMA"],
  ["Yayasan Pendidikan Nusantara", "Pendidikan Nusantara"],
  ["CV Karya Mandiri", "C.V. Karya Mandiri"],
  ["Sumber Makmur Abadi", "Sumber Makmoer Abadi"],
  ["Dr. Ir. Siti Rahmawati", "Siti Rahmawati"],
  ["Bapak Agus Salim", "Agus Salim"],
  ["PT Bank Rakyat Nusantara Tbk", "Bank Rakyat Nusantara"],
  ["Hendra Wijayakusuma", "Hendra Wijaya Kusuma"],
];

/** Different parties that share words: what it must let through. */
const DIFFERENT: Array<[string, string]> = [
  ["PT Maju Jaya", "PT Maju Bersama"],
  ["Budi Santoso", "Budi Hartono"],
  ["Koperasi Sejahtera Bersama", "Koperasi Sejahtera Mandiri Jaya"],
  ["PT Sumber Makmur", "PT Sumber Rejeki"],
  ["Siti Rahmawati", "Siti Aminah"],
  ["Bank Rakyat Nusantara", "Bank Nusantara Parahyangan"],
  ["CV Karya Mandiri", "CV Karya Bersama"],
  ["Agus Salim", "Agus Salimin Wibowo"],
];

describe("party names", () => {
  it("normalises case, punctuation, accents, legal forms and titles away", () => {
    expect(normalizePartyName("PT. Maju Jaya, Tbk.")).toBe("maju jaya");
    expect(normalizePartyName("Budi Santoso, S.H., M.Kn.")).toBe("budi santoso");
    expect(normalizePartyName("Koperasi  Sejahtera—Bersama")).toBe("sejahtera bersama");
    expect(normalizePartyName("José Émile")).toBe("jose emile");
  });

  it("takes every pair of the corpus's same parties as one, and no pair of its different ones", () => {
    for (const [a, b] of SAME) expect(isSameParty(a, b), `${a} ~ ${b} (${nameSimilarity(a, b).toFixed(2)})`).toBe(true);
    for (const [a, b] of DIFFERENT) expect(isSameParty(a, b), `${a} ≁ ${b} (${nameSimilarity(a, b).toFixed(2)})`).toBe(false);
  });

  it("puts the threshold between the two sets with room on both sides", () => {
    const near = SAME.map(([a, b]) => nameSimilarity(a, b)).filter((s) => s < 1);
    const far = DIFFERENT.map(([a, b]) => nameSimilarity(a, b));
    expect(Math.min(...near)).toBeGreaterThanOrEqual(SAME_PARTY_SIMILARITY);
    expect(Math.max(...far)).toBeLessThan(SAME_PARTY_SIMILARITY);
  });

  it("reads the parties of a pihak value, one per line or separated by semicolons", () => {
    expect(partiesOf("PT Maju Jaya; Budi Santoso\n\n  CV Karya Mandiri  ")).toEqual(["PT Maju Jaya", "Budi Santoso", "CV Karya Mandiri"]);
  });

  it("never takes an empty or title-only name for anyone", () => {
    expect(isSameParty("PT", "PT Maju Jaya")).toBe(false);
    expect(isSameParty("S.H.", "Bapak")).toBe(false);
  });
});

describe("conflictsOf", () => {
  const record = { served: ["PT Maju Jaya"], opposed: ["CV Karya Mandiri"], declared: ["Hendra Wijaya Kusuma"] };

  it("finds a counterparty who was a client, a declared party, and a new client who was a counterparty", () => {
    expect(conflictsOf({ counterparties: ["Maju Jaya Tbk", "Hendra Wijayakusuma"], clients: ["PT Lain Sekali"] }, record)).toEqual([
      { party: "Maju Jaya Tbk", known: "PT Maju Jaya", why: "served" },
      { party: "Hendra Wijayakusuma", known: "Hendra Wijaya Kusuma", why: "declared" },
    ]);
    expect(conflictsOf({ counterparties: ["PT Orang Lain"], clients: ["C.V. Karya Mandiri"] }, record)).toEqual([
      { party: "C.V. Karya Mandiri", known: "CV Karya Mandiri", why: "opposed" },
    ]);
  });

  it("finds a client party named in the intake who was a counterparty, whatever organisation orders", () => {
    expect(conflictsOf({ counterparties: [], clients: ["PT Agen Hukum", "Karya Mandiri CV"] }, record)).toEqual([
      { party: "Karya Mandiri CV", known: "CV Karya Mandiri", why: "opposed" },
    ]);
  });

  it("never takes a client for a counterparty: acting again for a client served is no conflict", () => {
    expect(conflictsOf({ counterparties: ["PT Orang Lain"], clients: ["PT Maju Jaya"] }, record)).toEqual([]);
  });

  it("finds nothing for parties it does not know", () => {
    expect(conflictsOf({ counterparties: ["PT Maju Bersama"], clients: ["PT Karya Bersama"] }, record)).toEqual([]);
  });
});

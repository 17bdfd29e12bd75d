import { describe, expect, it } from "vitest";
import { checkContent } from "./index";

const rulesOf = (text: string) => checkContent(text, { catalog: [] }).findings.map((finding) => finding.rule);

describe("verification_claim", () => {
  it.each([
    "Semua praktisi kami terverifikasi PERADI.",
    "Seluruh advokat anggota Peradi.",
    "Praktisi kami semuanya anggota KAI.",
    "Kuasa hanya bekerja sama dengan advokat IKADIN.",
    "Setiap pengacara kami dilantik melalui PERADI SAI.",
    "Seluruh notaris kami tergabung dalam INI.",
    "All our lawyers are KAI-certified.",
    "Every lawyer on Kuasa is a PERADI member.",
    "Our entire legal team is verified by the bar association.",
  ])("finds a claim that every practitioner belongs to one organisation: %s", (text) => {
    expect(rulesOf(text)).toEqual(["verification_claim"]);
  });

  it.each([
    "Tidak semua praktisi anggota organisasi yang sama.",
    "Sebagian besar praktisi kami berlabel PERADI, tetapi tidak semuanya.",
    "Most of our lawyers are PERADI members; check each profile's label.",
    "Label pada profil praktisi menunjukkan organisasinya.",
    "Praktisi ini berlabel PERADI di profilnya.",
    "Advokat yang menangani pesanan Anda tercatat sebagai anggota KAI pada profilnya.",
    "Advokat di Kuasa berasal dari berbagai organisasi, antara lain PERADI, KAI, dan IKADIN.",
    "Semua praktisi kami diverifikasi oleh Kuasa.",
    "Setiap advokat wajib menjadi anggota organisasi advokat.",
    "Semua notaris wajib berhimpun dalam Ikatan Notaris Indonesia.",
    "PERADI menyelenggarakan ujian profesi advokat setiap tahun.",
    "Apakah semua advokat Kuasa anggota PERADI?",
    "Each practitioner's profile shows their bar organisation, for example PERADI or KAI.",
    "It is a myth that all Indonesian lawyers belong to PERADI.",
  ])("leaves one practitioner's label, several organisations, the law and disclaimers alone: %s", (text) => {
    expect(rulesOf(text)).toEqual([]);
  });

  it("reads INI as the notaries' organisation only in capitals", () => {
    expect(rulesOf("Semua notaris kami anggota INI.")).toEqual(["verification_claim"]);
    expect(rulesOf("Semua notaris kami sudah membaca dokumen ini.")).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import type { CatalogEntryForContent } from "./content-rules";
import { checkContent } from "./index";

const meterai = { description: "Bea meterai atas dokumen yang ditandatangani", amountIdr: 10_000 };

/** A small catalog of its own: the rule reads whatever catalog it is passed, an operator's new service included. */
const catalog: CatalogEntryForContent[] = [
  { code: "perjanjian_kerahasiaan", name: "Perjanjian Kerahasiaan (NDA)", agentPriceIdr: 1_700_000, thirdPartyFees: [meterai] },
  {
    code: "pendaftaran_merek",
    name: "Pendaftaran Merek (per Kelas)",
    agentPriceIdr: 2_650_000,
    thirdPartyFees: [
      { description: "PNBP permohonan pendaftaran merek secara elektronik, pemohon usaha mikro dan kecil", amountIdr: 500_000 },
      { description: "PNBP permohonan pendaftaran merek secara elektronik, pemohon umum", amountIdr: 1_800_000 },
    ],
  },
  { code: "audit_pelindungan_data", name: "Audit Pelindungan Data Pribadi", agentPriceIdr: 4_000_000, thirdPartyFees: [] },
];

const check = (text: string) => checkContent(text, { catalog }).findings;
const rulesOf = (text: string) => check(text).map((finding) => finding.rule);

describe("off_catalog", () => {
  it.each([
    "Pendaftaran merek Rp 2.650.000.",
    "Pendaftaran merek Rp2,65 juta per kelas.",
    "Pendaftaran merek 2,65 jt.",
    "Biaya pendaftaran merek 2.650.000 rupiah.",
    "Trademark registration costs IDR 2,650,000.",
    "Trademark registration is Rp 2.65 million.",
    "Harga pendaftaran merek 2650000.",
    "Pendaftaran merek untuk dua kelas Rp 5.300.000.",
    "NDA Rp 1.700.000, belum termasuk bea meterai Rp 10.000.",
    "Audit pelindungan data pribadi Rp 4.000.000.",
    "Biaya layanan ini Rp 1.700.000.",
  ])("leaves a catalog service at its agent price alone, however the rupiah are written: %s", (text) => {
    expect(rulesOf(text)).toEqual([]);
  });

  it.each([
    "PNBP pendaftaran merek Rp 1.800.000 dibayar terpisah sesuai tarif resmi.",
    "Biaya resmi Rp 500.000 untuk pemohon UMK.",
    "Pendaftaran merek: PNBP umum Rp 1.800.000 per kelas.",
    "Official fees of IDR 500,000 are billed separately.",
    "The DJKI fee of Rp 500.000 is paid to the state.",
    "BPN's fee of Rp 50.000 for the certificate check comes on top.",
    "Nilai gugatan sederhana paling banyak Rp 500.000.000.",
    "Sewa dibayar Rp15.000.000,00 per bulan.",
    "Harga jual tanah IDR 2.750.000.000 dibayar dalam 3 termin.",
    "Apakah biaya NDA Rp 500.000?",
  ])("leaves official fees, other sums of money and questions alone: %s", (text) => {
    expect(rulesOf(text)).toEqual([]);
  });

  it("names the catalog price when a catalog service is quoted at another", () => {
    const [finding] = check("Pendaftaran merek Rp 2.000.000 saja.");
    expect(finding).toMatchObject({ rule: "off_catalog", excerpt: "Pendaftaran merek Rp 2.000.000" });
    expect(finding?.message).toBe(
      "Harga Pendaftaran Merek (per Kelas) di katalog Kuasa saat ini Rp 2.650.000; teks menyebut Rp 2.000.000.",
    );
  });

  it("finds a price of Kuasa's that no catalog service has, and spares one that some service has", () => {
    expect(check("Biayanya cuma Rp 500.000.")).toMatchObject([{ rule: "off_catalog", excerpt: "cuma Rp 500.000" }]);
    expect(rulesOf("Biayanya cuma Rp 1.700.000.")).toEqual([]);
  });

  it("attributes each price in a list to the service before it", () => {
    expect(check("NDA Rp 1.700.000, pendaftaran merek Rp 2.100.000.").map((finding) => finding.excerpt)).toEqual([
      "pendaftaran merek Rp 2.100.000",
    ]);
  });

  it("reads the service named in the sentence before a price that names none", () => {
    expect(rulesOf("Kami menawarkan pendaftaran merek. Harganya Rp 2.100.000.")).toEqual(["off_catalog"]);
    expect(rulesOf("Kami menawarkan pendaftaran merek. Harganya Rp 2.650.000.")).toEqual([]);
  });

  it.each([
    "Kami melayani perceraian dengan biaya Rp 5.000.000.",
    "Kuasa bisa mengurus visa dan KITAS Anda.",
    "Layanan pendaftaran paten tersedia.",
    "We offer divorce filing for IDR 6,000,000.",
    "Review kontrak gratis untuk pelanggan baru.",
    "Diskon 20% untuk pendaftaran merek bulan ini.",
    "Gratis konsultasi untuk pemesanan pertama.",
    "Kami juga melayani pengurusan paspor.",
    "We offer free trademark registrations for new clients.",
    "Harga pendaftaran merek Rp 1.800.000 per kelas.",
  ])("finds a service the catalog does not hold, or a price cut it does not list, offered as Kuasa's: %s", (text) => {
    expect(rulesOf(text)).toEqual(["off_catalog"]);
  });

  it.each([
    "Kuasa tidak menyediakan layanan perceraian.",
    "Untuk layanan perceraian, Kuasa belum memiliki paket di katalog.",
    "Perceraian bagi yang beragama Islam diajukan ke Pengadilan Agama.",
    "We don't handle criminal defence.",
    "For a divorce, you can post a case on the case board and practitioners will bid.",
    "Penerbitan NIB di OSS tanpa biaya dari pemerintah.",
    "Kuasa tidak melayani pengurusan paspor.",
    "Pendaftaran merek Rp 2.650.000, ditambah Rp 1.800.000 untuk pemohon umum.",
  ])("leaves a service Kuasa says it does not offer, and one spoken of as law, alone: %s", (text) => {
    expect(rulesOf(text)).toEqual([]);
  });

  it("treats a seeded service's common names as not offered when the catalog passed in no longer holds it", () => {
    const text = "Kami mengurus surat keterangan ahli waris.";
    expect(rulesOf(text)).toEqual(["off_catalog"]);
    const withInheritance: CatalogEntryForContent[] = [
      ...catalog,
      {
        code: "keterangan_waris",
        name: "Akta Keterangan Hak Mewaris (Keterangan Ahli Waris)",
        agentPriceIdr: 3_150_000,
        thirdPartyFees: [],
      },
    ];
    expect(checkContent(text, { catalog: withInheritance }).findings).toEqual([]);
  });

  describe("where one service's name holds or overlaps another's", () => {
    const nested: CatalogEntryForContent[] = [
      { code: "pendirian_pt", name: "Pendirian PT (Perseroan Terbatas)", agentPriceIdr: 9_050_000, thirdPartyFees: [] },
      { code: "pendirian_pt_perorangan", name: "Pendirian PT Perorangan", agentPriceIdr: 2_000_000, thirdPartyFees: [] },
      { code: "review_kontrak", name: "Review Kontrak", agentPriceIdr: 3_150_000, thirdPartyFees: [] },
      { code: "perjanjian_kerja", name: "Penyusunan Perjanjian Kerja (PKWT/PKWTT)", agentPriceIdr: 2_150_000, thirdPartyFees: [] },
    ];
    const nestedRules = (text: string) => checkContent(text, { catalog: nested }).findings.map((finding) => finding.rule);

    it.each([
      "Jasa pembuatan PT Perorangan di Kuasa Rp 2.000.000.",
      "Mendirikan PT perseorangan Rp 2.000.000.",
      "Setting up a PT perorangan costs Rp 2,000,000.",
      "Pendirian PT biasa Rp 9.050.000.",
      "Review perjanjian kerja Rp 3.150.000.",
      "Employment contract review: Rp 3,150,000.",
      "Perjanjian kerja waktu tidak tertentu Rp 2.150.000.",
    ])("prices the narrower service, else the head of the phrase: %s", (text) => {
      expect(nestedRules(text)).toEqual([]);
    });

    it.each([
      "Jasa pembuatan PT Perorangan di Kuasa Rp 9.050.000.",
      "Review perjanjian kerja Rp 2.150.000.",
      "Employment contract review: Rp 2,150,000.",
      "Perjanjian kerja waktu tidak tertentu Rp 3.150.000.",
    ])("finds the other service's price quoted for it: %s", (text) => {
      expect(nestedRules(text)).toEqual(["off_catalog"]);
    });
  });
});

import { describe, expect, it } from "vitest";
import { checkContent } from "./index";

const rulesOf = (text: string) => checkContent(text, { catalog: [] }).findings.map((finding) => finding.rule);

describe("outcome_promise", () => {
  it.each([
    "Gugatan Anda dijamin menang.",
    "Permohonan ini pasti dikabulkan hakim.",
    "Izin Anda pasti terbit dalam 3 hari.",
    "Sertifikat selesai dalam 7 hari kerja dari BPN.",
    "DJKI akan menyetujui merek Anda dalam dua minggu.",
    "Klien Anda tidak mungkin kalah.",
    "Kemenangan Anda sudah pasti.",
    "Perkara ini menang mudah, saya jamin.",
    "We guarantee you will win.",
    "Your trademark will definitely be registered.",
    "100% success.",
    "Your permit will be issued within 5 working days.",
    "There is no way you will lose this case.",
    "Your case is as good as won.",
  ])("finds a promise of what a court or an authority decides: %s", (text) => {
    expect(rulesOf(text)).toEqual(["outcome_promise"]);
  });

  it.each([
    "Kami tidak dapat menjamin hasil perkara.",
    "Hasil akhir bergantung pada keputusan hakim.",
    "Tidak ada yang dapat menjamin permohonan Anda disetujui DJKI.",
    "Praktisi akan menyerahkan draf dalam 3 hari kerja.",
    "Pengecekan sertifikat di BPN selesai dalam 5 hari kerja sesuai SLA.",
    "Apakah Anda bisa menjamin gugatan saya menang?",
    "Klien bertanya apakah kami bisa menjamin kemenangan.",
    "Jika hakim mengabulkan gugatan, Anda akan menerima ganti rugi.",
    "Biasanya sertifikat hak tanggungan elektronik terbit dalam 7 hari.",
    "Menurut Pasal 13 UU Hak Tanggungan, PPAT wajib mengirim APHT paling lambat 7 hari kerja.",
    "Kami menjamin kerahasiaan data Anda.",
    "Akta Jaminan Fidusia terdaftar secara elektronik.",
    "Advokat dilarang menjanjikan kemenangan kepada klien.",
    "The SLA is 5 working days for the practitioner's work.",
    "We can't promise that your trademark will be registered.",
    "The client wrote: “I'm sure I will win.”",
    "If the court grants the claim, you will receive compensation.",
  ])("leaves a disclaimer, a condition, a question, reported speech, the law and the practitioner's own work alone: %s", (text) => {
    expect(rulesOf(text)).toEqual([]);
  });

  it.each([
    "Somasi ini pasti membuat debitur melunasi utangnya.",
    "Tergugat dijamin membayar ganti rugi.",
    "The other party will definitely settle once they receive our letter.",
    "Saya bisa pastikan hakim akan mengabulkan gugatan ini.",
    "Dengan bukti ini, hakim pasti menghukum tergugat.",
  ])("finds the other side's or the court's act stated as certain: %s", (text) => {
    expect(rulesOf(text)).toEqual(["outcome_promise"]);
  });

  it.each([
    "Somasi sering membuat pihak lawan mau bernegosiasi, namun hasilnya tidak bisa dijamin.",
    "Praktisi akan mengirim somasi agar debitur membayar utangnya.",
    "Pemberi kerja wajib membayar pesangon sesuai Pasal 156 UU Ketenagakerjaan.",
    "Kami memastikan Anda membayar biaya yang tertera di katalog saja.",
    "The other party may pay once they get the letter, or they may not.",
    "Klien kami yakin pihak lawan akan kalah, tapi kami sudah jelaskan risikonya.",
  ])("leaves the other side's act alone where it is hedged, purposed, the law or the client's: %s", (text) => {
    expect(rulesOf(text)).toEqual([]);
  });

  it.each([
    "You will get your money back from the debtor, no doubt about it.",
    "Uang Anda akan kembali dari debitur, pasti itu.",
    "You'll get the permit, no question about it.",
    "Sertifikat tanah Anda akan keluar bulan depan, dijamin.",
    "The debtor will pay you in full, for sure.",
  ])("finds an outcome of the client's matter made certain by a tag after it: %s", (text) => {
    expect(rulesOf(text)).toEqual(["outcome_promise"]);
  });

  it.each([
    "No doubt the practitioner will reply today.",
    "Praktisi akan mengirim draf besok, pasti itu.",
    "We will send your order confirmation by email, guaranteed.",
    "If the debtor pays, you will get your money back, no doubt about it.",
    "Biasanya uang Anda kembali setelah putusan, tapi tidak selalu.",
    "You may get your money back, but nobody can say for sure.",
  ])("leaves a tag alone after Kuasa's own service, a condition or a hedge: %s", (text) => {
    expect(rulesOf(text)).toEqual([]);
  });

  it("scopes a negation to its clause", () => {
    expect(rulesOf("Kami tidak memungut biaya tambahan, dan gugatan Anda pasti dikabulkan.")).toEqual(["outcome_promise"]);
    expect(rulesOf("Kami tidak memungut biaya tambahan; kemenangan tidak dapat dijamin.")).toEqual([]);
  });

  it("excerpts the clause that promises, not the whole text", () => {
    const text = "Terima kasih atas pesanan Anda. Tenang saja, perkara ini pasti kita menangkan. Praktisi akan menghubungi Anda.";
    const [finding] = checkContent(text, { catalog: [] }).findings;
    expect(finding?.excerpt).toBe("perkara ini pasti kita menangkan.");
    expect(finding?.suggestion).toMatch(/tidak dapat menjamin/);
  });

  it("adds an English suggestion to an English sentence", () => {
    const [finding] = checkContent("We guarantee you will win.", { catalog: [] }).findings;
    expect(finding?.suggestion).toMatch(/EN: We cannot guarantee the outcome/);
  });
});

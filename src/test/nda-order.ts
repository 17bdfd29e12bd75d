/**
 * A valid NDA order body (agent price Rp 1.700.000). Plain data with no imports, so the Playwright
 * specs and the bench, which cannot load the Prisma-backed helpers, use this same body.
 */
export function ndaOrder(overrides: Record<string, unknown> = {}) {
  return {
    service: "perjanjian_kerahasiaan",
    intake: {
      sifat_nda: "Timbal balik (mutual)",
      para_pihak: "PT Satu, Jakarta; PT Dua, Bandung",
      tujuan_pengungkapan: "Penjajakan kerja sama distribusi",
      bahasa_perjanjian: "Bahasa Indonesia",
      email_kontak: "legal@satu.co.id",
    },
    ...overrides,
  };
}

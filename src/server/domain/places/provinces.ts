/**
 * Indonesia's 38 provinces by their Kemendagri codes (the two-digit province code of the codes of
 * administrative areas; the four Papua provinces formed in 2022 by UU 14, 15, 16 and 29 of 2022
 * have 93 to 96). A notary's working area is the province of their seat and a PPAT's is one
 * province (docs/decisions/credentials.md): an order's province, from an intake field of type
 * `provinsi`, decides who may do it.
 */
export const PROVINCES = [
  { code: "11", name: "Aceh" },
  { code: "12", name: "Sumatera Utara" },
  { code: "13", name: "Sumatera Barat" },
  { code: "14", name: "Riau" },
  { code: "15", name: "Jambi" },
  { code: "16", name: "Sumatera Selatan" },
  { code: "17", name: "Bengkulu" },
  { code: "18", name: "Lampung" },
  { code: "19", name: "Kepulauan Bangka Belitung" },
  { code: "21", name: "Kepulauan Riau" },
  { code: "31", name: "DKI Jakarta" },
  { code: "32", name: "Jawa Barat" },
  { code: "33", name: "Jawa Tengah" },
  { code: "34", name: "DI Yogyakarta" },
  { code: "35", name: "Jawa Timur" },
  { code: "36", name: "Banten" },
  { code: "51", name: "Bali" },
  { code: "52", name: "Nusa Tenggara Barat" },
  { code: "53", name: "Nusa Tenggara Timur" },
  { code: "61", name: "Kalimantan Barat" },
  { code: "62", name: "Kalimantan Tengah" },
  { code: "63", name: "Kalimantan Selatan" },
  { code: "64", name: "Kalimantan Timur" },
  { code: "65", name: "Kalimantan Utara" },
  { code: "71", name: "Sulawesi Utara" },
  { code: "72", name: "Sulawesi Tengah" },
  { code: "73", name: "Sulawesi Selatan" },
  { code: "74", name: "Sulawesi Tenggara" },
  { code: "75", name: "Gorontalo" },
  { code: "76", name: "Sulawesi Barat" },
  { code: "81", name: "Maluku" },
  { code: "82", name: "Maluku Utara" },
  { code: "91", name: "Papua" },
  { code: "92", name: "Papua Barat" },
  { code: "93", name: "Papua Selatan" },
  { code: "94", name: "Papua Tengah" },
  { code: "95", name: "Papua Pegunungan" },
  { code: "96", name: "Papua Barat Daya" },
] as const;

export type ProvinceCode = (typeof PROVINCES)[number]["code"];

export const PROVINCE_CODES = PROVINCES.map((p) => p.code) as ProvinceCode[];

const NAMES = new Map<string, string>(PROVINCES.map((p) => [p.code, p.name]));

export const isProvinceCode = (value: string): value is ProvinceCode => NAMES.has(value);

/** The province's name, or the code itself when it is none of the 38 (never thrown: a label must still show). */
export const provinceName = (code: string): string => NAMES.get(code) ?? code;

import type { Scope } from "@/server/domain/access/api-key";

/** What each scope lets an agent do, in the admin's words. */
export const SCOPE_LABEL: Record<Scope, string> = {
  "katalog:baca": "Membaca katalog layanan",
  "order:buat": "Membuat pesanan, menjawab pertanyaan praktisi, dan menerima hasil",
  "status:baca": "Membaca status pesanan, kasus, dan saldo",
  "kasus:buat": "Mengajukan kasus dan memilih penawaran (membuat tagihan)",
};

import type { ErrorMessages } from "@/app/_components/action";
import { BID_LIMITS } from "@/server/domain/cases/case-board";

// What a refusal means for each thing a practitioner acts on, and what to do next (Indonesian);
// codes not named here get the portal-wide messages of useAction.

export const OFFER_ERRORS: ErrorMessages = {
  INVALID_STATE: "Tawaran ini sudah tidak berlaku: waktunya habis atau sudah dijawab. Daftar tawaran dimuat ulang.",
  NOT_FOUND: "Tawaran ini tidak ditemukan atau bukan untuk Anda. Daftar tawaran dimuat ulang.",
};

export const ORDER_ERRORS: ErrorMessages = {
  NOT_FOUND: "Pesanan ini tidak lagi ditugaskan kepada Anda. Buka daftar Pesanan saya.",
  VALIDATION: "Isian kosong atau terlalu panjang (paling banyak 10.000 karakter). Periksa lalu kirim lagi.",
  // The only CONFLICT of an order step: the thread is full (ORDER_MESSAGE_LIMIT).
  CONFLICT:
    "Percakapan pesanan ini sudah mencapai batas jumlah pesan, jadi pertanyaan baru tidak bisa dikirim. Serahkan hasil dengan catatan, atau hubungi operator.",
};

export const CASE_ERRORS: ErrorMessages = {
  INVALID_STATE: "Kasus ini sudah tidak terbuka: klien sudah memilih penawaran atau kasus ditutup. Papan kasus dimuat ulang.",
  NOT_FOUND: "Kasus atau penawaran ini tidak ada di papan Anda. Papan kasus dimuat ulang.",
  CONFLICT: "Anda sudah pernah mengajukan penawaran untuk kasus ini; satu kasus hanya menerima satu penawaran dari Anda.",
  VALIDATION: `Isian penawaran tidak valid: lingkup wajib diisi, waktu 1–${BID_LIMITS.etaDaysMax} hari, harga dalam rupiah. Periksa lalu kirim lagi.`,
};

/** The conflict list, and declining an offer for a conflict: the party's name is what can be wrong. */
export const CONFLICT_ERRORS: ErrorMessages = {
  VALIDATION:
    "Nama pihak tidak bisa dicatat: tulis nama pihaknya, bukan hanya bentuk badan usaha (PT, CV) atau gelar, paling banyak 300 karakter. Daftar memuat paling banyak 500 pihak; hapus yang tidak berlaku lagi.",
  NOT_FOUND: "Pihak ini sudah tidak ada di daftar Anda. Daftar dimuat ulang.",
};

/** Declining an offer for a conflict: the offer's refusals, and the party's. */
export const OFFER_CONFLICT_ERRORS: ErrorMessages = { ...OFFER_ERRORS, VALIDATION: CONFLICT_ERRORS.VALIDATION };

import type { z } from "zod";
import type { LedgerAccountKind, OfferStatus } from "@/generated/prisma/enums";
import type { findingsListOutput } from "@/server/api/schemas/content-findings-portal";
import type { OperatorStep } from "@/server/api/schemas/portal/operator-portal";
import type { ContentRule } from "@/server/domain/content-rules/content-rules";

/** How the console names who acted (the audit log's actor types). The code stays visible beside it. */
export const ACTOR_LABEL: Record<string, string> = {
  operator: "Operator",
  org_admin: "Admin organisasi",
  practitioner: "Praktisi",
  api_key: "Kunci API",
  agent: "Agen (kunci API)",
  system: "Sistem",
  cli: "CLI operasi",
};

/** "system/practitioner" → "Sistem atau Praktisi". */
export const actorLabel = (type: string) =>
  type
    .split("/")
    .map((part) => ACTOR_LABEL[part] ?? part)
    .join(" atau ");

/** Indonesian names of the audit actions the console shows most; any other action shows its code alone. */
export const AUDIT_ACTION_LABEL: Record<string, string> = {
  "api_key.create": "Kunci API dibuat",
  "api_key.update": "Pengaturan kunci API diubah",
  "api_key.revoke": "Kunci API dicabut",
  "api_key.rotate_webhook_secret": "Rahasia webhook kunci API diganti",
  "api_key.upgrade_version": "Kunci API dipindah ke versi API terbaru",
  "oauth.grant": "Aplikasi diizinkan lewat OAuth",
  "oauth.revoke": "Izin aplikasi OAuth dicabut",
  "case.create": "Kasus diajukan",
  "case.select_bid": "Penawaran kasus dipilih",
  "case.close": "Kasus ditutup",
  "bid.submit": "Penawaran kasus diajukan praktisi",
  "bid.withdraw": "Penawaran kasus ditarik praktisi",
  "invoice.pay": "Tagihan kasus dibayar",
  "invitation.create": "Undangan admin dikirim",
  "invitation.accept": "Undangan admin diterima",
  "invitation.revoke": "Undangan admin dicabut",
  "file.download": "Berkas diunduh operator",
  "service.update": "Layanan katalog diubah",
  "user.create": "Pengguna portal dibuat",
  "user.password_change": "Kata sandi diganti",
  "user.password_change_failed": "Ganti kata sandi gagal (kata sandi lama salah)",
  "user.sessions_end": "Semua sesi pengguna diakhiri",
  "practitioner.create": "Praktisi didaftarkan",
  "practitioner.update": "Data praktisi diubah operator",
  "practitioner.profile_update": "Profil diubah praktisi",
  "practitioner.payout": "Pencairan ke rekening praktisi",
  "practitioner.bank_account_set": "Rekening pencairan diisi atau diubah",
  "practitioner.bank_account_verify": "Rekening pencairan diverifikasi",
  "practitioner.conflict_declare": "Pihak dicatat di daftar benturan kepentingan praktisi",
  "practitioner.conflict_remove": "Pihak dihapus dari daftar benturan kepentingan praktisi",
  "offer.decline_conflict": "Tawaran ditolak praktisi karena benturan kepentingan",
  "order.conflict_skipped": "Praktisi dilewati karena benturan kepentingan",
  "credential.submit": "Kredensial diajukan praktisi",
  "credential.add_verified": "Kredensial dicatat terverifikasi oleh operator",
  "credential.verify": "Kredensial diverifikasi",
  "credential.reject": "Kredensial ditolak",
  "credential.revoke": "Kredensial dicabut",
  "credential.expire": "Kredensial kedaluwarsa",
  "order.pay_on_creation": "Pesanan dibayar dari deposit",
  "order.hold_for_approval": "Pesanan menunggu persetujuan admin",
  "order.pay_invoice": "Pesanan kasus dibuka dari tagihan",
  "order.assign_selected_bidder": "Pesanan kasus diberikan ke praktisi terpilih",
  "order.start_offering": "Tawaran dimulai",
  "order.offering_stalled": "Tawaran macet",
  "order.take": "Pesanan diambil praktisi",
  "order.start_work": "Pekerjaan dimulai",
  "order.request_input": "Praktisi bertanya ke klien",
  "order.client_reply": "Klien menjawab pertanyaan praktisi",
  "order.deliver": "Hasil diserahkan",
  "order.release": "Pesanan dikembalikan praktisi",
  "order.sla_breached": "Tenggat SLA terlewati",
  "cost.pay": "Biaya resmi dilunasi (kuitansi diunggah)",
  "organization.create": "Organisasi dibuat",
  "organization.aktif": "Organisasi disetujui",
  "organization.ditangguhkan": "Organisasi ditangguhkan",
  "organization.set_threshold": "Ambang persetujuan diubah",
  "settings.top_up_instructions": "Rekening tujuan setoran deposit diubah",
  "settings.tax": "Aturan pajak dan data platform ditambahkan",
  "organization.billing_details": "Data penagihan organisasi diubah",
  "deposit.topup": "Setoran deposit",
  "test_deposit.topup": "Setoran deposit uji",
  "bank_statement.import": "Mutasi bank diimpor",
  "bank_line.assign": "Baris mutasi bank dikreditkan ke organisasi",
  "bank_line.ignore": "Baris mutasi bank diabaikan",
  "sandbox.set_practitioner": "Praktisi uji (sandbox) diatur agen",
  "sandbox.reset_practitioner": "Praktisi uji (sandbox) dikembalikan ke simulasi",
  "order.dispute": "Sengketa dibuka",
  "order.refund": "Refund",
  "order.cancel": "Pesanan dibatalkan",
  "order.settle_for_practitioner": "Sengketa dimenangkan praktisi",
  "order.settle_split": "Sengketa diputus dengan pembagian",
  "order.resume_work": "Pekerjaan dilanjutkan",
  "order.request_revision": "Revisi diminta",
  "order.restart_offering": "Tawaran diulang",
  "order.offer_to_practitioner": "Ditawarkan ke praktisi pilihan operator",
  "order.operator_message": "Pesan operator",
  "order.client_data_view": "Data klien dibuka operator",
  "order.approve": "Pesanan disetujui",
  "order.reject": "Pesanan ditolak",
  "order.accept_result": "Hasil diterima",
  "order.auto_accept": "Hasil diterima otomatis",
  "order.refund_stalled": "Refund otomatis (tawaran macet)",
  "user.password_reset_request": "Tautan atur ulang kata sandi dikirim",
  "user.password_reset": "Kata sandi diatur ulang lewat e-mail",
  "user.device_link": "Tautan perangkat baru dikirim lewat e-mail",
  "cost.approve": "Biaya resmi disetujui",
  "cost.hold_for_approval": "Biaya resmi menunggu admin",
  "cost.reject": "Biaya resmi ditolak",
  "cost.cancel": "Biaya resmi dibatalkan",
};

/** The operator's steps on an order: the button, and what it does in words. */
export const STEP: Record<OperatorStep, { label: string; effect: string; danger?: boolean }> = {
  dispute: { label: "Buka sengketa", effect: "Pesanan masuk status sengketa; dana tetap ditahan sampai diputuskan." },
  refund: { label: "Refund ke deposit", effect: "Pesanan berakhir sebagai direfund.", danger: true },
  settle_for_practitioner: { label: "Menangkan praktisi", effect: "Sengketa selesai seperti hasil diterima; pesanan selesai." },
  settle_split: {
    label: "Putuskan dengan pembagian",
    effect:
      "Sebagian harga untuk praktisi, sisanya kembali ke deposit klien; pesanan selesai. Angkanya tertulis di pesanan untuk kedua pihak.",
  },
  request_revision: { label: "Minta revisi", effect: "Hasil yang diserahkan kembali ke praktisi untuk diperbaiki." },
  cancel: { label: "Batalkan pesanan", effect: "Pesanan yang belum diambil praktisi dibatalkan.", danger: true },
  resume_work: { label: "Lanjutkan pekerjaan", effect: "Sengketa selesai; pesanan kembali dikerjakan praktisi yang sama." },
  restart_offering: {
    label: "Tawarkan lagi",
    effect: "Putaran tawaran baru: praktisi yang memenuhi syarat ditawari lagi, satu per satu, 30 menit masing-masing.",
  },
};

/** What each kind of ledger account is, on an order's ledger (the account's code stays beside it). */
export const LEDGER_ACCOUNT_LABEL: Record<LedgerAccountKind, string> = {
  org_deposit: "Deposit organisasi",
  order_escrow: "Escrow pesanan",
  invoice_escrow: "Escrow tagihan kasus",
  practitioner_payable: "Saldo praktisi",
  platform_revenue: "Pendapatan platform",
  external_funding: "Dana dari luar (transfer bank)",
};

/** Where an offer to a practitioner stands, in words (the order page's "Penawaran"), and the tone of its pill. */
export const OFFER_STATUS_LABEL: Record<OfferStatus, { text: string; tone: string }> = {
  aktif: { text: "Menunggu jawaban", tone: "pill-warn" },
  diterima: { text: "Diterima", tone: "pill-ok" },
  ditolak: { text: "Ditolak", tone: "pill-bad" },
  kedaluwarsa: { text: "Kedaluwarsa tanpa jawaban", tone: "pill-muted" },
  dibatalkan: { text: "Ditarik", tone: "pill-muted" },
};

/** Why the offering passed a practitioner over (`order.conflict_skipped`'s findings): what their record says of the party. */
export const CONFLICT_WHY_LABEL: Record<string, string> = {
  served: "pernah menjadi klien praktisi ini",
  opposed: "pernah menjadi pihak lawan dalam pesanan yang ditangani praktisi ini",
  declared: "ada di daftar benturan kepentingan praktisi",
};

/** One conflict skip as the audit log stores it; null when the row is not one (an older or other shape). */
export interface ConflictSkip {
  practitionerId: string;
  round: number | null;
  findings: Array<{ party: string; known: string; why: string }>;
}

export function conflictSkipOf(action: string, data: unknown): ConflictSkip | null {
  if (action !== "order.conflict_skipped" || typeof data !== "object" || data === null) return null;
  const { practitioner_id, round, findings } = data as Record<string, unknown>;
  if (typeof practitioner_id !== "string" || !Array.isArray(findings)) return null;
  return {
    practitionerId: practitioner_id,
    round: typeof round === "number" ? round : null,
    findings: findings.flatMap((f: unknown) => {
      if (typeof f !== "object" || f === null) return [];
      const { party, known, why } = f as Record<string, unknown>;
      return typeof party === "string" && typeof why === "string" ? [{ party, known: typeof known === "string" ? known : party, why }] : [];
    }),
  };
}

/** Each content rule as the console names and explains it; the rule's code is never shown alone. */
export const CONTENT_RULE_LABEL: Record<ContentRule, { name: string; explanation: string }> = {
  outcome_promise: {
    name: "Menjanjikan hasil",
    explanation: "Agen menjanjikan hasil: perkara pasti menang, izin pasti terbit, atau tenggat instansi pemerintah pasti terpenuhi.",
  },
  verification_claim: {
    name: "Klaim verifikasi semua praktisi",
    explanation:
      "Agen menyatakan semua praktisi diverifikasi satu organisasi advokat tertentu; yang berlaku hanya label di profil praktisi atau layanan.",
  },
  off_catalog: {
    name: "Harga atau layanan di luar katalog",
    explanation: "Agen menyebut layanan hukum yang tidak ada di katalog, atau harga layanan katalog yang berbeda dari harga agennya.",
  },
  ai_legal_advice: {
    name: "Jawaban AI sebagai nasihat hukum",
    explanation: "Agen menyajikan jawaban AI sebagai nasihat hukum, padahal nasihat hukum datang dari praktisi.",
  },
};

type FindingSource = z.infer<typeof findingsListOutput>["data"][number]["source"];

/** Where an agent said what a finding is about. */
export const FINDING_SOURCE_LABEL: Record<FindingSource, string> = {
  order_message: "Pesan ke praktisi",
  case_story: "Cerita kasus",
};

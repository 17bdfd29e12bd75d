import type { CostStatus, OrderStatus } from "@/generated/prisma/enums";
import type { CaseEventType, EventType } from "@/server/domain/events/webhook-event";
import { ACCEPTED_FILE_TYPES } from "@/server/domain/files/file-type";
import type { MessageRole } from "@/server/domain/orders/order-state";

const rupiah = new Intl.NumberFormat("id-ID", { style: "currency", currency: "IDR", maximumFractionDigits: 0 });
const dateTime = new Intl.DateTimeFormat("id-ID", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Jakarta" });

export const formatRupiah = (amount: number) => rupiah.format(amount);
export const formatDateTime = (at: Date | string) => `${dateTime.format(new Date(at))} WIB`;
const calendarDay = new Intl.DateTimeFormat("id-ID", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
/** A calendar day ("YYYY-MM-DD", no time or zone) as people read it: "31 Desember 2027". */
export const formatDay = (day: string) => calendarDay.format(new Date(`${day}T00:00:00Z`));
const calendarMonth = new Intl.DateTimeFormat("id-ID", { month: "long", year: "numeric", timeZone: "UTC" });
/** A calendar month ("YYYY-MM") as people read it: "November 2026". */
export const formatMonth = (month: string) => calendarMonth.format(new Date(`${month}-01T00:00:00Z`));

/** How each status word reads to a person (the word itself stays visible too). */
export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  dibuat: "Dibuat",
  menunggu_bayar: "Menunggu persetujuan",
  dibayar: "Dibayar",
  ditawarkan: "Ditawarkan ke praktisi",
  diambil: "Diambil praktisi",
  dikerjakan: "Sedang dikerjakan",
  butuh_input_klien: "Menunggu jawaban klien",
  diserahkan: "Hasil diserahkan",
  selesai: "Selesai",
  dibatalkan: "Dibatalkan",
  sengketa: "Dalam sengketa",
  direfund: "Dana dikembalikan",
};

/** How each case-board event reads to a person. */
const CASE_EVENT_LABEL: Record<CaseEventType, string> = {
  "case.bid_received": "Penawaran baru masuk",
  "case.selected": "Penawaran dipilih",
  "case.ditutup": "Kasus ditutup operator",
  "invoice.dibayar": "Tagihan dibayar",
};

/** How a third-party cost's status reads to a person. */
export const COST_STATUS_LABEL: Record<CostStatus, string> = {
  diajukan: "Diajukan, menunggu keputusan klien",
  menunggu_persetujuan: "Menunggu persetujuan admin",
  disetujui: "Disetujui, menunggu kuitansi",
  ditolak: "Ditolak",
  dilunasi: "Lunas, kuitansi diunggah",
  dibatalkan: "Dibatalkan",
};

/** Any event type as a person reads it: an order's status, a case-board event, a cost's step, a top-up; never its code. */
export function eventLabel(type: EventType): string {
  if (type === "deposit.topped_up") return "Setoran masuk ke deposit";
  if (type.startsWith("order.")) return ORDER_STATUS_LABEL[type.slice("order.".length) as OrderStatus];
  if (type.startsWith("cost.")) {
    const status = COST_STATUS_LABEL[type.slice("cost.".length) as CostStatus];
    return `Biaya resmi: ${status.charAt(0).toLowerCase()}${status.slice(1)}`;
  }
  return CASE_EVENT_LABEL[type as CaseEventType];
}

/** Who wrote an order message, as a person reads it. */
export const MESSAGE_ROLE_LABEL: Record<MessageRole, string> = {
  client: "Klien (agen)",
  admin: "Admin klien",
  practitioner: "Praktisi",
  operator: "Operator Kuasa",
  system: "Sistem Kuasa",
};

/**
 * A signed amount of a statement: "+Rp 100.000" in, "−Rp 50.000" out (a true minus sign), so
 * the direction reads without the colour that also shows it.
 */
export const formatSignedRupiah = (amount: number) => `${amount > 0 ? "+" : amount < 0 ? "−" : ""}${formatRupiah(Math.abs(amount))}`;

export { categoryLabel } from "@/server/domain/catalog/category";

const bytesFormat = new Intl.NumberFormat("id-ID", { maximumFractionDigits: 1 });
/** A file's size as people read it: "820 B", "14,2 KB", "3,1 MB". */
export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${bytesFormat.format(size / 1024)} KB`;
  return `${bytesFormat.format(size / (1024 * 1024))} MB`;
}

/** A file's type by the name people know it ("PDF", "DOCX", "Teks"), from the types Kuasa accepts. */
export function fileTypeLabel(contentType: string): string {
  const type = ACCEPTED_FILE_TYPES.find((t) => t.contentType === contentType);
  if (!type) return contentType;
  return type.kind === "text" ? "Teks" : type.kind.toUpperCase();
}

/** What the file picker offers (the server still decides by content). */
export const ACCEPTED_FILE_INPUT = [...ACCEPTED_FILE_TYPES.map((t) => t.extension), ".jpeg"].join(",");

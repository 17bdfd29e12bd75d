import type { CaseStatus, InvoiceStatus } from "@/generated/prisma/enums";
import { categoryLabel } from "./format";

/** A case's and an invoice's status as the admin and operator consoles show them (a pill's text and tone). */
export const CASE_STATUS: Record<CaseStatus, { text: string; tone: string }> = {
  terbuka: { text: "Terbuka: menerima penawaran", tone: "pill-warn" },
  dipilih: { text: "Penawaran dipilih", tone: "pill-ok" },
  ditutup: { text: "Ditutup", tone: "pill-muted" },
};

export const INVOICE_STATUS: Record<InvoiceStatus, { text: string; tone: string }> = {
  belum_dibayar: { text: "Belum dibayar", tone: "pill-warn" },
  dibayar: { text: "Dibayar", tone: "pill-ok" },
  dibatalkan: { text: "Dibatalkan", tone: "pill-muted" },
};

/** A case's area in words; a case without an area is open to every practitioner. */
export function areaLabel(area: string | null): string {
  return area ? categoryLabel(area) : "Bidang umum";
}

import type { BidStatus, CaseStatus } from "@/generated/prisma/enums";

/** How a bid's outcome reads to the practitioner who made it. */
export const BID_STATUS_LABEL: Record<BidStatus, string> = {
  diajukan: "Menunggu keputusan klien",
  dipilih: "Dipilih klien",
  tidak_dipilih: "Tidak dipilih",
  ditarik: "Ditarik",
};

export const CASE_STATUS_LABEL: Record<CaseStatus, string> = {
  terbuka: "Terbuka",
  dipilih: "Penawaran dipilih",
  ditutup: "Ditutup",
};

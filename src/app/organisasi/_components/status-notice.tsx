import type { OrganizationStatus } from "@/generated/prisma/enums";

/** While the organisation is not approved (or is suspended) its API keys are refused: say so up front. */
export function OrganizationStatusNotice({ status }: { status: OrganizationStatus }) {
  if (status === "aktif") return null;
  return (
    <p className="error" role="alert">
      {status === "menunggu_persetujuan"
        ? "Organisasi Anda belum disetujui oleh tim operator Kuasa. Kunci API belum bisa dipakai sampai disetujui; hubungi tim operator bila perlu dipercepat."
        : "Organisasi Anda sedang ditangguhkan oleh tim operator Kuasa. Kunci API ditolak sampai penangguhan dicabut; hubungi tim operator."}
    </p>
  );
}

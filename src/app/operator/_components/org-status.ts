import type { OrganizationStatus } from "@/generated/prisma/enums";

export const ORG_STATUS: Record<OrganizationStatus, { text: string; tone: string }> = {
  menunggu_persetujuan: { text: "Menunggu persetujuan", tone: "pill-warn" },
  aktif: { text: "Aktif", tone: "pill-ok" },
  ditangguhkan: { text: "Ditangguhkan", tone: "pill-bad" },
};

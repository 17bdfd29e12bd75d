import type { UserRole } from "@/generated/prisma/enums";

export interface NavItem {
  href: string;
  label: string;
}

/** Each portal's navigation, in the order of a working day. */
export const NAV: Record<UserRole, NavItem[]> = {
  practitioner: [
    { href: "/praktisi", label: "Tawaran" },
    { href: "/praktisi/pesanan", label: "Pesanan saya" },
    { href: "/praktisi/kasus", label: "Papan kasus" },
    { href: "/praktisi/pendapatan", label: "Pendapatan" },
    { href: "/praktisi/profil", label: "Profil" },
  ],
  org_admin: [
    { href: "/organisasi", label: "Ringkasan" },
    { href: "/organisasi/persetujuan", label: "Persetujuan" },
    { href: "/organisasi/pesanan", label: "Pesanan" },
    { href: "/organisasi/kunci-api", label: "Kunci API" },
    { href: "/organisasi/webhook", label: "Webhook" },
    { href: "/organisasi/kasus", label: "Kasus & tagihan" },
    { href: "/organisasi/keuangan", label: "Keuangan" },
    { href: "/organisasi/tim", label: "Tim" },
  ],
  operator: [
    { href: "/operator", label: "Ringkasan" },
    { href: "/operator/antrean", label: "Antrean" },
    { href: "/operator/pesanan", label: "Pesanan" },
    { href: "/operator/organisasi", label: "Organisasi" },
    { href: "/operator/kasus", label: "Kasus" },
    { href: "/operator/praktisi", label: "Praktisi" },
    { href: "/operator/kredensial", label: "Kredensial" },
    { href: "/operator/katalog", label: "Katalog" },
    { href: "/operator/keuangan", label: "Keuangan" },
    { href: "/operator/pengaturan", label: "Pengaturan" },
    { href: "/operator/audit", label: "Audit" },
  ],
};

export const ROLE_LABEL: Record<UserRole, string> = { practitioner: "Praktisi", org_admin: "Admin organisasi", operator: "Operator" };

/**
 * The nav link of the page at `pathname`: the longest href that is the path or a folder of it, so
 * the portal's home (/operator) does not light up on /operator/pesanan.
 */
export function currentNavHref(pathname: string, hrefs: readonly string[]): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return hrefs.filter((href) => path === href || path.startsWith(`${href}/`)).sort((a, b) => b.length - a.length)[0];
}

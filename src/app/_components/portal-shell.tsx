import Link from "next/link";
import type { ReactNode } from "react";
import type { PortalUser } from "@/server/auth/session";
import { SignOutButton } from "./sign-out-button";

const NAV: Record<PortalUser["role"], Array<{ href: string; label: string }>> = {
  practitioner: [
    { href: "/praktisi", label: "Tawaran" },
    { href: "/praktisi/pesanan", label: "Pesanan saya" },
    { href: "/praktisi/kasus", label: "Papan kasus" },
    { href: "/praktisi/pendapatan", label: "Pendapatan" },
  ],
  org_admin: [
    { href: "/organisasi", label: "Ringkasan" },
    { href: "/organisasi/persetujuan", label: "Persetujuan" },
    { href: "/organisasi/pesanan", label: "Pesanan" },
    { href: "/organisasi/kunci-api", label: "Kunci API" },
    { href: "/organisasi/webhook", label: "Webhook" },
    { href: "/organisasi/kasus", label: "Kasus & tagihan" },
  ],
  operator: [
    { href: "/operator", label: "Organisasi" },
    { href: "/operator/antrean", label: "Antrean pesanan" },
    { href: "/operator/kasus", label: "Kasus" },
    { href: "/operator/praktisi", label: "Praktisi" },
    { href: "/operator/katalog", label: "Katalog" },
  ],
};

const ROLE_LABEL: Record<PortalUser["role"], string> = { practitioner: "Praktisi", org_admin: "Admin organisasi", operator: "Operator" };

export function PortalShell({ user, children }: { user: PortalUser; children: ReactNode }) {
  return (
    <div className="portal">
      <header className="topbar">
        <Link href="/" className="brand">
          Kuasa
        </Link>
        <nav aria-label="Navigasi utama">
          {NAV[user.role].map((item) => (
            <Link key={item.href} href={item.href}>
              {item.label}
            </Link>
          ))}
        </nav>
        <div className="who">
          <span>
            {user.name} · <span className="muted">{ROLE_LABEL[user.role]}</span>
          </span>
          <SignOutButton />
        </div>
      </header>
      <main className="portal-main">{children}</main>
    </div>
  );
}

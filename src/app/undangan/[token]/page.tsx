import type { Metadata } from "next";
import Link from "next/link";
import { formatDateTime } from "@/app/_components/format";
import { SiteHeader } from "@/app/_components/site-header";
import { EmptyState } from "@/app/_components/ui";
import { AcceptInvitationForm } from "./accept-form";
import { showInvitation } from "./invitation";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Undangan admin — Kuasa", robots: { index: false } };

const CLOSED: Record<"diterima" | "kedaluwarsa" | "dicabut", { title: string; hint: string }> = {
  diterima: {
    title: "Undangan ini sudah dipakai.",
    hint: "Akunnya sudah dibuat. Masuk dengan e-mail dan kata sandi yang dibuat saat itu.",
  },
  kedaluwarsa: {
    title: "Undangan ini sudah kedaluwarsa.",
    hint: "Undangan berlaku 7 hari. Minta admin organisasi mengirim undangan baru dari menu Tim.",
  },
  dicabut: {
    title: "Undangan ini sudah dicabut.",
    hint: "Admin organisasi membatalkannya. Minta undangan baru bila Anda memang perlu akses.",
  },
};

export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invitation = await showInvitation(token);
  return (
    <>
      <SiteHeader />
      <main className="narrow">
        {!invitation ? (
          <>
            <h1>Undangan tidak ditemukan</h1>
            <EmptyState
              title="Tautan ini bukan undangan yang kami kenal."
              hint="Periksa apakah tautannya tersalin utuh, atau minta admin organisasi mengirim undangan baru."
              action={<Link href="/masuk">Ke halaman masuk</Link>}
            />
          </>
        ) : invitation.status !== "menunggu" ? (
          <>
            <h1>Undangan {invitation.organizationName}</h1>
            <EmptyState
              title={CLOSED[invitation.status].title}
              hint={CLOSED[invitation.status].hint}
              action={<Link href="/masuk">Ke halaman masuk</Link>}
            />
          </>
        ) : (
          <>
            <h1>Gabung sebagai admin {invitation.organizationName}</h1>
            <p className="muted">
              Anda diundang menjadi admin organisasi <strong>{invitation.organizationName}</strong> di Kuasa: melihat pesanan agen,
              menyetujui pembayaran, dan mengelola kunci API. Undangan berlaku sampai {formatDateTime(invitation.expiresAt)}.
            </p>
            <AcceptInvitationForm token={token} email={invitation.email} minPasswordLength={invitation.minPasswordLength} />
          </>
        )}
      </main>
    </>
  );
}

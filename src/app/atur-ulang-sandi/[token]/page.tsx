import type { Metadata } from "next";
import Link from "next/link";
import { formatDateTime } from "@/app/_components/format";
import { SiteHeader } from "@/app/_components/site-header";
import { EmptyState } from "@/app/_components/ui";
import { showPasswordReset } from "./reset";
import { ResetPasswordForm } from "./reset-form";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Atur ulang kata sandi — Kuasa", robots: { index: false } };

const CLOSED = {
  unknown: {
    title: "Tautan ini tidak kami kenal.",
    hint: "Mungkin tautannya tidak tersalin utuh, atau sudah lebih dari sehari tidak berlaku. Minta tautan baru dari halaman lupa kata sandi.",
  },
  terpakai: {
    title: "Tautan ini sudah dipakai.",
    hint: "Kata sandi sudah diganti lewat tautan ini. Masuk dengan kata sandi baru itu, atau minta tautan baru bila Anda lupa lagi.",
  },
  kedaluwarsa: {
    title: "Tautan ini sudah tidak berlaku.",
    hint: "Tautan berlaku 30 menit, dan tautan lama batal begitu Anda meminta yang baru. Minta tautan baru lalu pakai yang terakhir Anda terima.",
  },
};

export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const reset = await showPasswordReset(token);
  return (
    <>
      <SiteHeader />
      <main className="narrow">
        <h1>Atur ulang kata sandi</h1>
        {reset?.status !== "berlaku" ? (
          <EmptyState {...CLOSED[reset?.status ?? "unknown"]} action={<Link href="/lupa-sandi">Minta tautan baru</Link>} />
        ) : (
          <>
            <p className="muted">
              Buat kata sandi baru untuk akun Anda. Tautan ini berlaku sampai {formatDateTime(reset.expiresAt)}. Setelah kata sandi diganti,
              semua sesi yang sedang masuk (di perangkat mana pun) akan keluar.
            </p>
            <ResetPasswordForm token={token} minPasswordLength={reset.minPasswordLength} />
          </>
        )}
      </main>
    </>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { SiteHeader } from "../_components/site-header";
import { ForgotPasswordForm } from "./forgot-password-form";

export const metadata: Metadata = { title: "Lupa kata sandi — Kuasa", robots: { index: false } };

export default function ForgotPasswordPage() {
  return (
    <>
      <SiteHeader />
      <main className="narrow">
        <h1>Lupa kata sandi</h1>
        <p className="muted">
          Tulis e-mail akun Kuasa Anda. Kami mengirim tautan untuk membuat kata sandi baru; tautan itu berlaku 30 menit dan hanya bisa
          dipakai sekali.
        </p>
        <ForgotPasswordForm />
        <p className="form-aside">
          <Link href="/masuk">Kembali ke halaman masuk</Link>
        </p>
      </main>
    </>
  );
}

"use client";
import Link from "next/link";
import { SiteHeader } from "./_components/site-header";

/** A public page that failed to render (a portal has its own error page inside its frame). */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <>
      <SiteHeader />
      <main>
        <h1>Terjadi gangguan</h1>
        <p className="lead" role="alert">
          Halaman ini tidak dapat ditampilkan karena gangguan di server Kuasa. Coba lagi sebentar lagi; jika masih gagal, hubungi tim Kuasa
          {error.digest ? (
            <>
              {" "}
              dan sebutkan kode <code>{error.digest}</code>
            </>
          ) : null}
          .
        </p>
        <p className="row">
          <button type="button" className="button" onClick={reset}>
            Coba lagi
          </button>
          <Link href="/">Kembali ke beranda</Link>
        </p>
      </main>
    </>
  );
}

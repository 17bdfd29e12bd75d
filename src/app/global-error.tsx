"use client";
import "./globals.css";

/**
 * When even the root layout fails, this replaces it, so it brings its own <html> (in Indonesian)
 * and nothing that could fail again.
 */
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="id">
      <head>
        <title>Terjadi gangguan — Kuasa</title>
      </head>
      <body>
        <main>
          <h1>Terjadi gangguan</h1>
          <p className="lead" role="alert">
            Kuasa tidak dapat menampilkan halaman ini. Coba lagi sebentar lagi; jika masih gagal, hubungi tim Kuasa
            {error.digest ? ` dan sebutkan kode ${error.digest}` : ""}.
          </p>
          <p className="row">
            <button type="button" className="button" onClick={reset}>
              Coba lagi
            </button>
            <a href="/">Kembali ke beranda</a>
          </p>
        </main>
      </body>
    </html>
  );
}

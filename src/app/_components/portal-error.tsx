"use client";
import { PageTitle } from "./ui";

/** What a portal page shows when it failed to load (database or network): say so, offer a retry. */
export function PortalError({ reset, hint }: { reset: () => void; hint: string }) {
  return (
    <>
      <PageTitle>Halaman tidak dapat dimuat</PageTitle>
      <p className="error" role="alert">
        Terjadi gangguan saat mengambil data. Coba lagi; jika masih gagal, {hint}
      </p>
      <p>
        <button type="button" className="button" onClick={reset}>
          Coba lagi
        </button>
      </p>
    </>
  );
}

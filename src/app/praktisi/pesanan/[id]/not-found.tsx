import Link from "next/link";
import { EmptyState, PageTitle } from "@/app/_components/ui";

export default function OrderNotFound() {
  return (
    <>
      <PageTitle>Pesanan tidak ditemukan</PageTitle>
      <EmptyState
        title="Pesanan ini tidak ada atau tidak ditugaskan kepada Anda"
        hint="Pesanan yang Anda lepaskan pindah ke praktisi lain. Lihat pesanan Anda yang aktif di daftar Pesanan saya."
      />
      <p>
        <Link href="/praktisi/pesanan">Buka Pesanan saya</Link>
      </p>
    </>
  );
}

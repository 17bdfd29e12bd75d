import Link from "next/link";
import { EmptyState, PageTitle } from "@/app/_components/ui";

export default function OrderNotFound() {
  return (
    <>
      <PageTitle>Pesanan tidak ditemukan</PageTitle>
      <EmptyState
        title="Pesanan ini tidak ada di organisasi Anda"
        hint="Periksa ID pesanannya (diawali ord_). Pesanan organisasi lain tidak tampil di portal ini."
      />
      <p>
        <Link href="/organisasi/pesanan">Buka daftar Pesanan</Link>
      </p>
    </>
  );
}

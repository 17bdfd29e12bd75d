import Link from "next/link";
import { EmptyState, PageTitle } from "@/app/_components/ui";

export default function CaseNotFound() {
  return (
    <>
      <PageTitle>Kasus tidak ditemukan</PageTitle>
      <EmptyState
        title="Kasus ini tidak ada di papan Anda"
        hint="Anda bisa membuka kasus terbuka di bidang Anda, atau kasus yang pernah Anda beri penawaran."
      />
      <p>
        <Link href="/praktisi/kasus">Buka Papan kasus</Link>
      </p>
    </>
  );
}

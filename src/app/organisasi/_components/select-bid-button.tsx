"use client";
import { useRouter } from "next/navigation";
import { useAction } from "@/app/_components/action";
import { ConfirmDialogButton } from "@/app/_components/confirm-dialog";
import { FormMessages } from "@/app/_components/field";
import { trpc } from "@/app/_components/trpc";

const MESSAGES = {
  INVALID_STATE:
    "Kasus ini sudah tidak terbuka (penawaran lain sudah dipilih, atau kasus ditutup). Halaman dimuat ulang; periksa statusnya.",
  CONFLICT: "Penawaran ini sudah ditarik praktisi atau tidak lagi berlaku. Muat ulang halaman lalu pilih penawaran lain.",
  BUDGET_EXCEEDED:
    "Jumlahnya melebihi batas per pesanan atau anggaran bulanan kunci API yang mengajukan kasus ini. Naikkan batasnya di halaman Kunci API, lalu coba lagi.",
  NOT_FOUND: "Kasus ini tidak ditemukan di organisasi Anda. Muat ulang halaman.",
};

/** Selects one bid on a case after a confirmation naming the practitioner and the amount, as the agent's select does. */
export function SelectBidButton(props: { caseId: string; bidId: string; practitioner: string; total: string }) {
  const router = useRouter();
  const { busy, error, run } = useAction(MESSAGES);
  async function select() {
    const result = await run(() => trpc.organization.selectBid.mutate({ caseId: props.caseId, bidId: props.bidId }));
    if (result.ok) router.replace(`/organisasi/kasus?dipilih=${encodeURIComponent(result.value.invoiceId)}`);
  }
  return (
    <div className="decision">
      <FormMessages error={error} />
      <ConfirmDialogButton
        label="Pilih penawaran ini"
        title={`Pilih penawaran ${props.practitioner}?`}
        confirmLabel={`Ya, pilih (${props.total})`}
        busy={busy}
        onConfirm={select}
      >
        <p>
          Tagihan <strong>{props.total}</strong> dibuat untuk penawaran ini dan dihitung dalam anggaran kunci API yang mengajukan kasus.
          Penawaran lain pada kasus ini berakhir, dan agen Anda menerima event bahwa penawaran sudah dipilih. Deposit baru terpakai saat
          tagihan dibayar.
        </p>
      </ConfirmDialogButton>
    </div>
  );
}

"use client";
import { useRouter } from "next/navigation";
import { useAction } from "@/app/_components/action";
import { ConfirmDialogButton } from "@/app/_components/confirm-dialog";
import { FormMessages } from "@/app/_components/field";
import { trpc } from "@/app/_components/trpc";

const MESSAGES = {
  NOT_FOUND: "Kasus ini tidak ditemukan lagi. Halaman dimuat ulang.",
  INVALID_STATE: "Kasus ini sudah ditutup atau statusnya berubah. Halaman dimuat ulang.",
};

/**
 * Takes a case off the board after a confirmation that says what follows: live bids end, an
 * unpaid invoice is cancelled, a paid one's order goes on.
 */
export function CloseCaseButton({
  caseId,
  organization,
  liveBids,
  invoice,
}: {
  caseId: string;
  organization: string;
  liveBids: number;
  invoice: { id: string; status: string; total: string; orderId: string | null } | null;
}) {
  const router = useRouter();
  const { busy, error, run } = useAction(MESSAGES);
  async function close() {
    const result = await run(() => trpc.operator.closeCase.mutate({ caseId }));
    // The case leaves this list: the page itself says what happened.
    if (result.ok) router.replace(`/operator/kasus?ditutup=${encodeURIComponent(caseId)}`);
  }
  return (
    <div className="decision">
      <div className="row">
        <ConfirmDialogButton
          label="Tutup kasus"
          title="Tutup kasus ini?"
          confirmLabel="Ya, tutup kasus"
          tone="secondary"
          danger
          busy={busy}
          onConfirm={close}
        >
          <p>
            Kasus <code>{caseId}</code> dari {organization} keluar dari papan kasus; agen menerima event <code>case.ditutup</code>.
          </p>
          <ul>
            <li>{liveBids === 0 ? "Tidak ada penawaran yang masih berjalan." : `${liveBids} penawaran yang masih berjalan berakhir.`}</li>
            {!invoice && <li>Belum ada tagihan.</li>}
            {invoice?.status === "belum_dibayar" && (
              <li>
                Tagihan <code>{invoice.id}</code> ({invoice.total}) belum dibayar dan dibatalkan.
              </li>
            )}
            {invoice?.status === "dibayar" && (
              <li>
                Tagihan <code>{invoice.id}</code> sudah dibayar: pesanannya
                {invoice.orderId && (
                  <>
                    {" "}
                    <code>{invoice.orderId}</code>
                  </>
                )}{" "}
                tetap berjalan.
              </li>
            )}
          </ul>
          <p>Langkah ini tidak bisa dibatalkan.</p>
        </ConfirmDialogButton>
      </div>
      <FormMessages error={error} />
    </div>
  );
}

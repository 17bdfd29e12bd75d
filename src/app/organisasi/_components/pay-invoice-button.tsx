"use client";
import { useRouter } from "next/navigation";
import { useAction } from "@/app/_components/action";
import { ConfirmDialogButton } from "@/app/_components/confirm-dialog";
import { FormMessages } from "@/app/_components/field";
import { trpc } from "@/app/_components/trpc";

const MESSAGES = {
  INSUFFICIENT_DEPOSIT:
    "Deposit tidak cukup untuk tagihan ini. Minta tim operator Kuasa menambah deposit (transfer lalu kirim bukti), kemudian bayar lagi.",
  INVALID_STATE: "Tagihan ini sudah dibayar atau dibatalkan. Halaman dimuat ulang; periksa statusnya.",
  NOT_FOUND: "Tagihan ini tidak ditemukan di organisasi Anda. Muat ulang halaman.",
};

/** Pays one case invoice from the deposit after a confirmation. */
export function PayInvoiceButton({ invoiceId, total }: { invoiceId: string; total: string }) {
  const router = useRouter();
  const { busy, error, run } = useAction(MESSAGES);
  async function pay() {
    const result = await run(() => trpc.organization.payInvoice.mutate({ invoiceId }));
    if (!result.ok) return;
    // Paying opens the case work as an order: the page links to it.
    const order = result.value.orderId ? `&pesanan=${encodeURIComponent(result.value.orderId)}` : "";
    router.replace(`/organisasi/kasus?dibayar=${encodeURIComponent(invoiceId)}${order}`);
  }
  return (
    <div className="decision">
      <FormMessages error={error} />
      <div className="row">
        <ConfirmDialogButton
          label="Bayar dari deposit"
          title="Bayar tagihan ini?"
          confirmLabel={`Ya, bayar ${total}`}
          busy={busy}
          onConfirm={pay}
        >
          <p>
            <strong>{total}</strong> dibayar dari deposit: penawaran praktisi ke praktisi, biaya platform ke Kuasa. Pembayaran tidak bisa
            dibatalkan dari portal; hubungi tim operator bila ada masalah.
          </p>
        </ConfirmDialogButton>
      </div>
    </div>
  );
}

"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useAction } from "@/app/_components/action";
import { ConfirmDialogButton } from "@/app/_components/confirm-dialog";
import { FormMessages } from "@/app/_components/field";
import { ReasonField } from "@/app/_components/reason-field";
import { trpc } from "@/app/_components/trpc";
import { INTAKE_LIMITS } from "@/server/domain/catalog/intake";
import { type DataMode, inMode } from "./mode";

const MESSAGES = {
  INSUFFICIENT_DEPOSIT:
    "Deposit tidak cukup untuk membayar pesanan ini. Minta tim operator Kuasa menambah deposit (transfer lalu kirim bukti), kemudian setujui lagi — atau tolak pesanan ini.",
  INVALID_STATE: "Pesanan ini sudah diputuskan atau statusnya berubah. Lihat statusnya di menu Pesanan.",
  NOT_FOUND: "Pesanan ini tidak ditemukan di organisasi Anda. Muat ulang halaman.",
};

/**
 * Approve (pay from the deposit) or reject one waiting order, each after a confirmation. On the
 * approvals list the order leaves the list, so the page says what happened; on the order's own
 * page (`stay`) it re-renders with the new status and a toast says it.
 */
export function ApprovalActions({
  orderId,
  service,
  price,
  stay = false,
  mode = "live",
}: {
  orderId: string;
  service: string;
  price: string;
  stay?: boolean;
  /** The approvals page's mode, which it returns to after a decision. */
  mode?: DataMode;
}) {
  const router = useRouter();
  const { busy, error, setError, run } = useAction(MESSAGES);
  const [reason, setReason] = useState("");

  async function decide(approve: boolean) {
    const result = await run(
      () => trpc.organization.decide.mutate(approve ? { orderId, approve } : { orderId, approve, reason: reason.trim() }),
      stay ? { success: approve ? "Pesanan disetujui dan dibayar dari deposit." : "Pesanan ditolak dan dibatalkan." } : {},
    );
    if (result.ok && !stay)
      router.replace(inMode(`/organisasi/persetujuan?${approve ? "disetujui" : "ditolak"}=${encodeURIComponent(orderId)}`, mode));
  }

  return (
    <div className="decision">
      <ReasonField
        maxLength={INTAKE_LIMITS.longText}
        label="Alasan bila ditolak"
        hint="Wajib untuk menolak; agen membacanya pada pesanan."
        value={reason}
        onChange={(value) => {
          setReason(value);
          setError(null);
        }}
      />
      <FormMessages error={error} />
      <div className="row">
        <ConfirmDialogButton
          label="Setujui"
          title="Setujui pesanan ini?"
          confirmLabel="Ya, setujui dan bayar"
          busy={busy}
          onConfirm={() => decide(true)}
        >
          <p>
            {service} seharga <strong>{price}</strong> akan dibayar dari deposit lalu ditawarkan ke praktisi. Dana ditahan (escrow) sampai
            hasilnya diterima.
          </p>
        </ConfirmDialogButton>
        <ConfirmDialogButton
          label="Tolak"
          title="Tolak pesanan ini?"
          confirmLabel="Ya, tolak pesanan"
          tone="secondary"
          danger
          busy={busy}
          canOpen={() => {
            setError(reason.trim() ? null : "Tulis alasan penolakan terlebih dahulu; agen membacanya pada pesanan.");
            return reason.trim() !== "";
          }}
          onConfirm={() => decide(false)}
        >
          <p>Pesanan {service} dibatalkan dengan alasan:</p>
          <p className="deliverable deliverable-preview">{reason.trim()}</p>
          <p>Agen diberi tahu lewat webhook bahwa pesanan dibatalkan. Deposit tidak berubah.</p>
        </ConfirmDialogButton>
      </div>
    </div>
  );
}

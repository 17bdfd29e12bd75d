"use client";
import { useState } from "react";
import { useAction } from "@/app/_components/action";
import { ConfirmDialogButton } from "@/app/_components/confirm-dialog";
import { FormMessages } from "@/app/_components/field";
import { ReasonField } from "@/app/_components/reason-field";
import { trpc } from "@/app/_components/trpc";
import type { CostStatus } from "@/generated/prisma/enums";
import { COST_LIMITS } from "@/server/domain/orders/cost-state";

const MESSAGES = {
  NOT_FOUND: "Biaya atau pesanan ini tidak ditemukan lagi. Muat ulang halaman.",
  INVALID_STATE: "Biaya ini sudah lunas, ditolak atau dibatalkan. Halaman dimuat ulang; periksa statusnya sekarang.",
  VALIDATION: "Alasan wajib diisi, paling banyak 1.000 karakter.",
};

/**
 * Cancels one official cost with the reason the client side and the practitioner read; an
 * approved one's amount goes from the order's escrow back to the organisation's deposit.
 */
export function CostCancel({
  orderId,
  costId,
  status,
  description,
  amount,
  organization,
}: {
  orderId: string;
  costId: string;
  status: CostStatus;
  description: string;
  /** Formatted, e.g. "Rp 500.000". */
  amount: string;
  organization: string;
}) {
  const { busy, error, setError, run } = useAction(MESSAGES);
  const [reason, setReason] = useState("");
  const refunds = status === "disetujui";
  return (
    <div className="decision">
      <ReasonField
        maxLength={COST_LIMITS.reason}
        label="Alasan pembatalan"
        hint="Wajib; praktisi dan klien membacanya."
        value={reason}
        onChange={(value) => {
          setReason(value);
          setError(null);
        }}
      />
      <FormMessages error={error} />
      <div>
        <ConfirmDialogButton
          label={refunds ? "Batalkan dan kembalikan dana" : "Batalkan biaya"}
          title="Batalkan biaya resmi ini?"
          confirmLabel="Ya, batalkan"
          tone="secondary"
          danger
          busy={busy}
          canOpen={() => {
            setError(reason.trim() ? null : "Tulis alasan pembatalan terlebih dahulu.");
            return reason.trim() !== "";
          }}
          onConfirm={() =>
            run(() => trpc.operator.cancelCost.mutate({ orderId, costId, reason: reason.trim() }), {
              success: refunds ? `Biaya dibatalkan; ${amount} kembali ke deposit ${organization}.` : "Biaya dibatalkan.",
            })
          }
        >
          <p>
            {description} (<strong>{amount}</strong>) pada pesanan <code>{orderId}</code> dibatalkan.{" "}
            {refunds
              ? `Dananya kembali dari escrow ke deposit ${organization}; praktisi tidak bisa lagi mengunggah kuitansinya.`
              : "Belum ada dana yang berpindah."}
          </p>
          <p>Alasan: {reason.trim()}</p>
        </ConfirmDialogButton>
      </div>
    </div>
  );
}

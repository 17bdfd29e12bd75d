"use client";
import { useState } from "react";
import { type ErrorMessages, useAction } from "@/app/_components/action";
import { ConfirmDialogButton } from "@/app/_components/confirm-dialog";
import { FormMessages } from "@/app/_components/field";
import { ReasonField } from "@/app/_components/reason-field";
import { trpc } from "@/app/_components/trpc";
import { COST_LIMITS } from "@/server/domain/orders/cost-state";

const MESSAGES: ErrorMessages = {
  INSUFFICIENT_DEPOSIT:
    "Deposit tidak cukup untuk biaya ini. Minta tim operator Kuasa menambah deposit, lalu setujui lagi — atau tolak biaya ini.",
  BUDGET_EXCEEDED:
    "Biaya ini melampaui anggaran bulanan kunci API yang memesan pesanan ini. Naikkan anggarannya di Kunci API, lalu setujui lagi.",
  INVALID_STATE: "Biaya ini sudah diputuskan atau dibatalkan. Halaman dimuat ulang; periksa statusnya sekarang.",
  NOT_FOUND: "Biaya atau pesanan ini tidak ditemukan di organisasi Anda. Muat ulang halaman.",
  VALIDATION: "Alasan penolakan wajib diisi, paling banyak 1.000 karakter.",
};

/**
 * Approve (deposit → the order's escrow) or reject (with the reason the practitioner reads) one
 * official cost waiting for the client side, each after a confirmation naming it and its amount.
 */
export function CostDecision({
  orderId,
  costId,
  description,
  amount,
}: {
  orderId: string;
  costId: string;
  description: string;
  /** Formatted, e.g. "Rp 500.000". */
  amount: string;
}) {
  const { busy, error, setError, run } = useAction(MESSAGES);
  const [reason, setReason] = useState("");

  const approve = () =>
    run(() => trpc.organization.decideCost.mutate({ orderId, costId, approve: true }), {
      success: "Biaya disetujui dan dibayar dari deposit ke escrow pesanan.",
    });
  const reject = () =>
    run(() => trpc.organization.decideCost.mutate({ orderId, costId, approve: false, reason: reason.trim() }), {
      success: "Biaya ditolak; praktisi membaca alasan Anda.",
    });

  return (
    <div className="decision">
      <ReasonField
        maxLength={COST_LIMITS.reason}
        label="Alasan bila ditolak"
        hint="Wajib untuk menolak; praktisi membacanya."
        value={reason}
        onChange={(value) => {
          setReason(value);
          setError(null);
        }}
      />
      <FormMessages error={error} />
      <div className="row">
        <ConfirmDialogButton
          label="Setujui biaya"
          title="Setujui biaya resmi ini?"
          confirmLabel="Ya, setujui dan bayar"
          busy={busy}
          onConfirm={approve}
        >
          <p>
            {description} sebesar <strong>{amount}</strong> dibayar dari deposit ke escrow pesanan <code>{orderId}</code>. Praktisi
            menerimanya setelah mengunggah kuitansi resmi; bila kuitansi tidak datang, tim operator mengembalikannya ke deposit.
          </p>
        </ConfirmDialogButton>
        <ConfirmDialogButton
          label="Tolak biaya"
          title="Tolak biaya resmi ini?"
          confirmLabel="Ya, tolak biaya"
          tone="secondary"
          danger
          busy={busy}
          canOpen={() => {
            setError(reason.trim() ? null : "Tulis alasan penolakan terlebih dahulu; praktisi membacanya.");
            return reason.trim() !== "";
          }}
          onConfirm={reject}
        >
          <p>
            {description} ({amount}) ditolak dengan alasan:
          </p>
          <p className="deliverable deliverable-preview">{reason.trim()}</p>
          <p>Deposit tidak berubah.</p>
        </ConfirmDialogButton>
      </div>
    </div>
  );
}

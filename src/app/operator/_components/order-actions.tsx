"use client";
import { useState } from "react";
import { useAction } from "@/app/_components/action";
import { ConfirmDialogButton } from "@/app/_components/confirm-dialog";
import { Field, FormMessages } from "@/app/_components/field";
import { formatRupiah, ORDER_STATUS_LABEL } from "@/app/_components/format";
import { RupiahInput } from "@/app/_components/rupiah-input";
import { useToast } from "@/app/_components/toast";
import { trpc } from "@/app/_components/trpc";
import type { OperatorStep } from "@/server/api/schemas/portal/operator-portal";
import { disputeSplit, isSplitShare } from "@/server/domain/money/pricing";
import { ORDER_TRANSITIONS } from "@/server/domain/orders/order-state";
import { STEP } from "./labels";

export interface ActionOrder {
  id: string;
  organization: string;
  practitioner: string | null;
  escrowIdr: number;
  practitionerFeeIdr: number;
  platformFeeIdr: number;
}

/** Steps whose transition writes the operator's note as the order's message: the note is required. */
const needsNote = (step: OperatorStep) =>
  ORDER_TRANSITIONS.some((t) => t.trigger === step && t.actors.includes("operator") && t.effects.includes("add_message"));

/** The money a step moves, in words naming the amount and who gets it. */
function moneyOf(step: OperatorStep, order: ActionOrder): string {
  const escrow = formatRupiah(order.escrowIdr);
  switch (step) {
    case "refund":
    case "cancel":
      return order.escrowIdr > 0
        ? `Kembalikan ${escrow} ke deposit ${order.organization}.`
        : "Belum ada dana yang dibayar; tidak ada uang yang berpindah.";
    case "settle_split":
      return `Tentukan bagian praktisi (lebih dari Rp 0 dan kurang dari ${formatRupiah(order.practitionerFeeIdr)}); sisanya kembali ke deposit ${order.organization}.`;
    case "settle_for_practitioner":
      return `Lepas escrow ${escrow}: ${formatRupiah(order.practitionerFeeIdr)} ke praktisi ${order.practitioner ?? ""} dan ${formatRupiah(order.platformFeeIdr)} ke pendapatan platform.`;
    default:
      return `Tidak ada uang yang berpindah; ${escrow} tetap di escrow.`;
  }
}

const MESSAGES = {
  NOT_FOUND: "Pesanan ini tidak ditemukan lagi. Muat ulang halaman.",
  INVALID_STATE:
    "Status pesanan sudah berubah sehingga langkah ini tidak bisa lagi. Halaman dimuat ulang; pilih dari tindakan yang tersedia sekarang.",
};

/** Why a split's share cannot be taken: nothing typed yet, or outside what a split may give. */
function shareProblem(order: ActionOrder, share: number | null): string | null {
  if (share === null || Number.isNaN(share))
    return `Isi bagian praktisi: lebih dari Rp 0 dan kurang dari ${formatRupiah(order.practitionerFeeIdr)}.`;
  if (!isSplitShare(BigInt(order.practitionerFeeIdr), BigInt(share)))
    return `Bagian praktisi harus lebih dari Rp 0 dan kurang dari ${formatRupiah(order.practitionerFeeIdr)}; untuk semuanya pilih "Menangkan praktisi", untuk nol pilih "Refund ke deposit".`;
  return null;
}

/** What a valid split gives each side. */
function splitPreview(order: ActionOrder, share: number | null): string | null {
  if (share === null || shareProblem(order, share)) return null;
  const split = disputeSplit(
    { priceIdr: BigInt(order.practitionerFeeIdr + order.platformFeeIdr), clientPriceIdr: BigInt(order.practitionerFeeIdr) },
    BigInt(share),
  );
  return `${formatRupiah(Number(split.practitionerIdr))} ke praktisi, ${formatRupiah(Number(split.platformIdr))} biaya platform, ${formatRupiah(Number(split.refundIdr))} kembali ke deposit ${order.organization}.`;
}

/** One step: its button, the confirmation that names order, amount and organisation, and the note. */
function StepButton({
  step,
  order,
  busy,
  perform,
}: {
  step: OperatorStep;
  order: ActionOrder;
  busy: boolean;
  perform: (step: OperatorStep, note: string, share: number | null) => Promise<boolean>;
}) {
  const [note, setNote] = useState("");
  const [share, setShare] = useState<number | null>(null);
  const preview = step === "settle_split" ? splitPreview(order, share) : null;
  const required = needsNote(step);
  // Checked in the dialog, which stays open with what was typed until both can be taken.
  const blocked =
    (step === "settle_split" ? shareProblem(order, share) : null) ??
    (required && !note.trim() ? "Tulis catatan untuk klien dan praktisi; mereka membacanya." : null);
  return (
    <ConfirmDialogButton
      label={STEP[step].label}
      title={`${STEP[step].label}: pesanan ${order.id}?`}
      confirmLabel={`Ya, ${STEP[step].label.toLowerCase()}`}
      tone={STEP[step].danger ? "secondary" : "primary"}
      danger={STEP[step].danger}
      busy={busy}
      blocked={blocked}
      onConfirm={() => perform(step, note.trim(), share).then((done) => done && setNote(""))}
    >
      <p>
        Pesanan <code>{order.id}</code> milik <strong>{order.organization}</strong>.
      </p>
      <p>
        <strong>{moneyOf(step, order)}</strong>
      </p>
      <p>{STEP[step].effect}</p>
      {step === "settle_split" && (
        <div className="form">
          <RupiahInput label="Bagian praktisi" name="practitionerShareIdr" required onValue={setShare} />
          {preview && <p role="status">{preview}</p>}
        </div>
      )}
      {step !== "restart_offering" && (
        <div className="form">
          <Field
            label={
              <>
                Catatan untuk klien dan praktisi <span className="muted">({required ? "wajib" : "opsional"})</span>
              </>
            }
            hint="Disimpan sebagai pesan operator pada pesanan: agen klien dan praktisinya membacanya."
          >
            {(control) => (
              <textarea
                {...control}
                value={note}
                onChange={(event) => setNote(event.target.value)}
                rows={3}
                maxLength={10_000}
                required={required}
              />
            )}
          </Field>
        </div>
      )}
    </ConfirmDialogButton>
  );
}

/** Every step the order's status allows, one button each; the page re-renders after each. */
export function OrderActions({ order, steps }: { order: ActionOrder; steps: OperatorStep[] }) {
  const { toast } = useToast();
  const { busy, error, run } = useAction(MESSAGES);

  async function perform(step: OperatorStep, note: string, share: number | null): Promise<boolean> {
    if (step === "restart_offering") {
      const result = await run(() => trpc.operator.restartOffering.mutate({ orderId: order.id }));
      if (result.ok) toast(`Putaran tawaran baru dimulai untuk ${order.id}.`);
      return result.ok;
    }
    const result = await run(() =>
      trpc.operator.orderAction.mutate({
        orderId: order.id,
        action: step,
        note: note || undefined,
        practitionerShareIdr: step === "settle_split" ? (share ?? undefined) : undefined,
      }),
    );
    if (result.ok) toast(`${STEP[step].label}: pesanan ${order.id} sekarang ${ORDER_STATUS_LABEL[result.value]}.`);
    return result.ok;
  }

  if (steps.length === 0)
    return (
      <p className="muted">
        Tidak ada tindakan operator untuk status ini: pesanan sudah selesai atau sedang berjalan sebagaimana mestinya.
      </p>
    );
  return (
    <div>
      <div className="row">
        {steps.map((step) => (
          <StepButton key={step} step={step} order={order} busy={busy} perform={perform} />
        ))}
      </div>
      <FormMessages error={error} />
    </div>
  );
}

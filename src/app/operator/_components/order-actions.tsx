"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useAction } from "@/app/_components/action";
import { ConfirmDialogButton } from "@/app/_components/confirm-dialog";
import { Field, FormMessages } from "@/app/_components/field";
import { ORDER_STATUS_LABEL } from "@/app/_components/format";
import { trpc } from "@/lib/trpc";
import { ORDER_TRANSITIONS } from "@/server/domain/order-state";
import type { OperatorOrderAction } from "@/server/services/orders";

const ACTIONS: Record<OperatorOrderAction, { label: string; effect: string }> = {
  dispute: { label: "Buka sengketa", effect: "Pesanan masuk status sengketa; dana tetap ditahan sampai diputuskan." },
  refund: { label: "Refund ke deposit", effect: "Dana escrow kembali ke deposit organisasi; pesanan selesai sebagai direfund." },
  settle_for_practitioner: { label: "Menangkan praktisi", effect: "Sengketa selesai: escrow dilepas ke praktisi dan platform, seperti hasil diterima." },
  request_revision: { label: "Minta revisi", effect: "Hasil yang diserahkan dikembalikan ke praktisi untuk diperbaiki." },
  cancel: { label: "Batalkan", effect: "Pesanan yang belum diambil praktisi dibatalkan; dana yang sudah dibayar kembali ke deposit." },
  resume_work: { label: "Lanjutkan pekerjaan", effect: "Sengketa selesai dengan pesanan kembali dikerjakan praktisi yang sama." },
};

/** The statuses an action is possible from, read from the one state machine. */
function allowedFrom(action: OperatorOrderAction): string {
  const from = ORDER_TRANSITIONS.find((t) => t.trigger === action)?.from ?? [];
  return from.map((status) => ORDER_STATUS_LABEL[status]).join(", ");
}

/** Actions whose transition writes a message: the note is that message, so it is required. */
const needsNote = (action: OperatorOrderAction) => ORDER_TRANSITIONS.some((t) => t.trigger === action && t.effects.includes("add_message"));

function messagesFor(action: OperatorOrderAction) {
  return {
    NOT_FOUND: "Tidak ada pesanan dengan ID itu. Periksa ID-nya (diawali ord_).",
    VALIDATION: "Tulis catatan untuk tindakan ini: klien dan praktisi membacanya pada pesanan.",
    INVALID_STATE: `"${ACTIONS[action].label}" tidak bisa untuk status pesanan ini sekarang; hanya dari status: ${allowedFrom(action)}. Periksa status pesanan lalu pilih tindakan lain.`,
  };
}

function useOrderAction(action: OperatorOrderAction) {
  const state = useAction(messagesFor(action));
  const [done, setDone] = useState<string | null>(null);
  async function perform(orderId: string, note?: string) {
    setDone(null);
    const result = await state.run(() => trpc.operator.orderAction.mutate({ orderId, action, note }));
    if (result.ok) setDone(`Pesanan ${orderId} sekarang: ${ORDER_STATUS_LABEL[result.value]}.`);
    return result.ok;
  }
  return { ...state, done, perform };
}

/** The queue's two ways out of a stalled offering: a new round, or the money back. */
export function StalledOrderActions({ orderId }: { orderId: string }) {
  const router = useRouter();
  const refund = useOrderAction("refund");
  const restart = useAction({ INVALID_STATE: "Pesanan ini tidak lagi macet; statusnya sudah berubah. Halaman dimuat ulang." });
  const error = refund.error ?? restart.error;
  // The order leaves the queue either way: the page itself says what happened.
  const after = (what: "ditawarkan" | "direfund") => router.replace(`/operator/antrean?${what}=${encodeURIComponent(orderId)}`);
  return (
    <div>
      <div className="row">
        <ConfirmDialogButton label="Tawarkan lagi" title="Mulai putaran tawaran baru?" confirmLabel="Ya, tawarkan lagi" busy={restart.busy || refund.busy} onConfirm={async () => (await restart.run(() => trpc.operator.restartOffering.mutate({ orderId }))).ok && after("ditawarkan")}>
          <p>Semua praktisi yang memenuhi syarat bisa ditawari pesanan ini lagi, satu per satu, 30 menit masing-masing. Pastikan dulu ada praktisi aktif dengan kategori dan label yang cocok.</p>
        </ConfirmDialogButton>
        <ConfirmDialogButton label="Refund" title="Refund pesanan ini?" confirmLabel="Ya, refund" tone="secondary" danger busy={restart.busy || refund.busy} onConfirm={async () => (await refund.perform(orderId)) && after("direfund")}>
          <p>{ACTIONS.refund.effect}</p>
        </ConfirmDialogButton>
      </div>
      <FormMessages error={error} />
    </div>
  );
}

/** What the operator decides on a dispute, and the queue's notice afterwards (the order leaves the queue). */
const DISPUTE_DECISIONS = [
  { action: "refund", label: "Refund", title: "Refund pesanan ini?", after: "direfund", danger: true },
  { action: "settle_for_practitioner", label: "Menangkan praktisi", title: "Menangkan praktisi dalam sengketa ini?", after: "dimenangkan", danger: false },
  { action: "resume_work", label: "Lanjutkan pekerjaan", title: "Lanjutkan pekerjaan pesanan ini?", after: "dilanjutkan", danger: false },
] as const satisfies ReadonlyArray<{ action: OperatorOrderAction; label: string; title: string; after: string; danger: boolean }>;

/**
 * One click per way out of a dispute, each confirmed with the order, its service, amount and
 * organisation, and an optional note the agent and the practitioner read.
 */
export function DisputeActions({ order }: { order: { id: string; service: string; price: string; organization: string } }) {
  const router = useRouter();
  const [note, setNote] = useState("");
  const { busy, error, run } = useAction({
    NOT_FOUND: "Pesanan ini tidak ditemukan lagi. Halaman dimuat ulang.",
    INVALID_STATE: "Sengketa ini sudah diputuskan atau statusnya berubah. Halaman dimuat ulang; periksa antrean terbaru.",
  });

  async function decide(action: OperatorOrderAction, after: string) {
    const result = await run(() => trpc.operator.orderAction.mutate({ orderId: order.id, action, note: note.trim() || undefined }));
    if (result.ok) router.replace(`/operator/antrean?${after}=${encodeURIComponent(order.id)}`);
  }

  return (
    <div className="decision">
      <div className="row">
        {DISPUTE_DECISIONS.map((decision) => (
          <ConfirmDialogButton
            key={decision.action}
            label={decision.label}
            title={decision.title}
            confirmLabel={`Ya, ${decision.label.toLowerCase()}`}
            tone={decision.action === "settle_for_practitioner" ? "primary" : "secondary"}
            danger={decision.danger}
            busy={busy}
            onConfirm={() => decide(decision.action, decision.after)}
          >
            <p>
              Pesanan <code>{order.id}</code> · {order.service} · <strong>{order.price}</strong> · {order.organization}
            </p>
            <p>{decision.action === "refund" ? `${order.price} kembali ke deposit ${order.organization}; pesanan berakhir sebagai direfund.` : ACTIONS[decision.action].effect}</p>
            <div className="form">
              <Field
                label={
                  <>
                    Catatan untuk klien dan praktisi <span className="muted">(opsional)</span>
                  </>
                }
                hint="Disimpan sebagai pesan operator pada pesanan."
              >
                {(control) => <textarea {...control} value={note} onChange={(event) => setNote(event.target.value)} rows={3} maxLength={10_000} />}
              </Field>
            </div>
          </ConfirmDialogButton>
        ))}
      </div>
      <FormMessages error={error} />
    </div>
  );
}

/** Any operator intervention on an order by its id, with an optional note to the parties. */
export function OrderActionForm() {
  const [orderId, setOrderId] = useState("");
  const [action, setAction] = useState<OperatorOrderAction>("dispute");
  const [note, setNote] = useState("");
  const { busy, error, setError, done, perform } = useOrderAction(action);

  function valid(): boolean {
    if (!/^ord_\S+$/.test(orderId.trim())) {
      setError("Isi ID pesanan yang diawali ord_ (salin dari antrean atau dari laporan organisasi).");
      return false;
    }
    if (needsNote(action) && !note.trim()) {
      setError(`Tulis catatan untuk "${ACTIONS[action].label}": klien dan praktisi membacanya pada pesanan.`);
      return false;
    }
    setError(null);
    return true;
  }

  async function submit() {
    if (await perform(orderId.trim(), note.trim() || undefined)) setNote("");
  }

  return (
    <div className="form">
      <div className="form-grid">
        <label>
          ID pesanan
          <input value={orderId} onChange={(event) => setOrderId(event.target.value)} placeholder="ord_…" spellCheck={false} autoComplete="off" />
        </label>
        <Field label="Tindakan" hint={`${ACTIONS[action].effect} Hanya dari status: ${allowedFrom(action)}.`}>
          {(control) => (
            <select {...control} value={action} onChange={(event) => setAction(event.target.value as OperatorOrderAction)}>
              {(Object.keys(ACTIONS) as OperatorOrderAction[]).map((key) => (
                <option key={key} value={key}>
                  {ACTIONS[key].label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field
        label={
          <>
            Catatan <span className="muted">({needsNote(action) ? "wajib" : "opsional"})</span>
          </>
        }
        hint="Disimpan sebagai pesan operator pada pesanan: terlihat oleh agen klien (GET /v1/orders) dan praktisinya."
      >
        {(control) => <textarea {...control} value={note} onChange={(event) => setNote(event.target.value)} rows={3} maxLength={10_000} />}
      </Field>
      <FormMessages error={error} success={done} />
      <div className="row">
        <ConfirmDialogButton label="Jalankan tindakan" title={`${ACTIONS[action].label}?`} confirmLabel={`Ya, ${ACTIONS[action].label.toLowerCase()}`} busy={busy} canOpen={valid} onConfirm={submit}>
          <p>
            Pesanan <code>{orderId.trim()}</code>: {ACTIONS[action].effect}
          </p>
        </ConfirmDialogButton>
      </div>
    </div>
  );
}

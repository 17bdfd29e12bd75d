"use client";
import { useState } from "react";
import { type ErrorMessages, useAction } from "@/app/_components/action";
import { ConfirmDialogButton } from "@/app/_components/confirm-dialog";
import { FormMessages } from "@/app/_components/field";
import { ReasonField } from "@/app/_components/reason-field";
import { trpc } from "@/app/_components/trpc";
import { INTAKE_LIMITS } from "@/server/domain/catalog/intake";
import type { OrderTrigger } from "@/server/domain/orders/order-state";

const MESSAGES: ErrorMessages = {
  REVISION_LIMIT: "Batas revisi pesanan ini sudah habis. Terima hasilnya, atau ajukan sengketa bila hasilnya tetap tidak sesuai.",
  INVALID_STATE:
    "Status pesanan sudah berubah sehingga langkah ini tidak bisa dilakukan lagi. Halaman dimuat ulang; periksa status dan langkah yang tersedia sekarang.",
  NOT_FOUND: "Pesanan ini tidak ditemukan di organisasi Anda. Buka daftar Pesanan lalu coba lagi.",
  VALIDATION: "Alasan wajib diisi, paling banyak 10.000 karakter. Periksa lalu kirim lagi.",
};

interface OrderFacts {
  id: string;
  service: string;
  /** Formatted, e.g. "Rp 1.750.000". */
  price: string;
  /** Whether the price was taken from the deposit (so a cancel gives it back). */
  paid: boolean;
  revisionsLeft: number;
}

/** Names the order in every confirmation, so the admin knows exactly which one they act on. */
function OrderLine({ order }: { order: OrderFacts }) {
  return (
    <p>
      Pesanan <code>{order.id}</code> · {order.service} · <strong>{order.price}</strong>
    </p>
  );
}

/**
 * The client's steps on one order, exactly those the server allows now (`actions`), each after a
 * confirmation that names the order, its service and its amount.
 */
export function OrderDecisions({ order, actions }: { order: OrderFacts; actions: readonly OrderTrigger[] }) {
  const { busy, error, setError, run } = useAction(MESSAGES);
  const [done, setDone] = useState<string | null>(null);
  const [revision, setRevision] = useState("");
  const [dispute, setDispute] = useState("");
  const [cancelReason, setCancelReason] = useState("");
  const can = (action: OrderTrigger) => actions.includes(action);
  const orderId = order.id;

  async function step(mutation: () => Promise<unknown>, success: string, clear?: () => void) {
    setDone(null);
    const result = await run(mutation);
    if (result.ok) {
      setDone(success);
      clear?.();
    }
  }

  /** A required reason: say what is missing instead of opening the confirmation. */
  const requireReason = (text: string, missing: string) => () => {
    setDone(null);
    setError(text.trim() ? null : missing);
    return Boolean(text.trim());
  };

  if (actions.length === 0 && !done && !error) return <p className="muted">Tidak ada langkah untuk Anda pada status ini.</p>;

  return (
    <div className="decisions">
      <FormMessages error={error} success={done} />

      {can("accept_result") && (
        <div className="row">
          <ConfirmDialogButton
            label="Terima hasil"
            title="Terima hasil pesanan ini?"
            confirmLabel="Ya, terima hasil"
            busy={busy}
            onConfirm={() =>
              step(
                () => trpc.organization.acceptResult.mutate({ orderId }),
                "Hasil diterima. Pesanan selesai dan pembayaran diteruskan ke praktisi.",
              )
            }
          >
            <OrderLine order={order} />
            <p>Pesanan selesai dan {order.price} dari escrow diteruskan ke praktisi dan Kuasa. Langkah ini tidak bisa dibatalkan.</p>
          </ConfirmDialogButton>
        </div>
      )}

      {can("request_revision") && (
        <details className="disclosure">
          <summary>Minta revisi ({order.revisionsLeft} tersisa)</summary>
          <div className="form compact">
            <ReasonField
              maxLength={INTAKE_LIMITS.longText}
              rows={4}
              label="Apa yang perlu diperbaiki?"
              hint="Praktisi membaca alasan ini sebagai pesan klien, begitu juga agen Anda lewat API."
              value={revision}
              onChange={setRevision}
            />
            <div className="row">
              <ConfirmDialogButton
                label="Minta revisi"
                title="Kembalikan hasil untuk direvisi?"
                confirmLabel="Ya, minta revisi"
                tone="secondary"
                busy={busy}
                canOpen={requireReason(
                  revision,
                  "Tulis apa yang perlu diperbaiki terlebih dahulu; praktisi membacanya untuk merevisi hasil.",
                )}
                onConfirm={() =>
                  step(
                    () => trpc.organization.requestRevision.mutate({ orderId, reason: revision.trim() }),
                    "Permintaan revisi terkirim. Praktisi mengerjakan ulang; hasil barunya akan tampil di sini.",
                    () => setRevision(""),
                  )
                }
              >
                <OrderLine order={order} />
                <p>Hasil dikembalikan ke praktisi dengan alasan berikut. Sisa revisi setelah ini: {order.revisionsLeft - 1}.</p>
                <p className="quote">{revision.trim()}</p>
              </ConfirmDialogButton>
            </div>
          </div>
        </details>
      )}

      {can("dispute") && (
        <details className="disclosure">
          <summary>Ajukan sengketa</summary>
          <div className="form compact">
            <ReasonField
              maxLength={INTAKE_LIMITS.longText}
              rows={4}
              label="Alasan sengketa"
              hint="Tim operator Kuasa dan praktisi membaca alasan ini. Dana tetap ditahan sampai operator memutuskan."
              value={dispute}
              onChange={setDispute}
            />
            <div className="row">
              <ConfirmDialogButton
                label="Ajukan sengketa"
                title="Ajukan sengketa atas pesanan ini?"
                confirmLabel="Ya, ajukan sengketa"
                tone="secondary"
                danger
                busy={busy}
                canOpen={requireReason(dispute, "Tulis alasan sengketa terlebih dahulu; tim operator memerlukannya untuk memutuskan.")}
                onConfirm={() =>
                  step(
                    () => trpc.organization.openDispute.mutate({ orderId, reason: dispute.trim() }),
                    "Sengketa dibuka. Tim operator Kuasa akan memeriksa dan memutuskan.",
                    () => setDispute(""),
                  )
                }
              >
                <OrderLine order={order} />
                <p>
                  Pekerjaan berhenti dan tim operator Kuasa memutuskan: dana dikembalikan ke deposit, diteruskan ke praktisi, atau pekerjaan
                  dilanjutkan. Sampai saat itu {order.price} tetap ditahan.
                </p>
                <p className="quote">{dispute.trim()}</p>
              </ConfirmDialogButton>
            </div>
          </div>
        </details>
      )}

      {can("cancel") && (
        <details className="disclosure">
          <summary>Batalkan pesanan</summary>
          <div className="form compact">
            <ReasonField
              maxLength={INTAKE_LIMITS.longText}
              rows={4}
              label={
                <>
                  Alasan <span className="muted">(opsional)</span>
                </>
              }
              hint="Disimpan sebagai pesan klien pada pesanan."
              value={cancelReason}
              onChange={setCancelReason}
            />
            <div className="row">
              <ConfirmDialogButton
                label="Batalkan pesanan"
                title="Batalkan pesanan ini?"
                confirmLabel="Ya, batalkan"
                tone="secondary"
                danger
                busy={busy}
                onConfirm={() =>
                  step(
                    () => trpc.organization.cancel.mutate({ orderId, reason: cancelReason.trim() || undefined }),
                    order.paid ? `Pesanan dibatalkan; ${order.price} kembali ke deposit.` : "Pesanan dibatalkan.",
                    () => setCancelReason(""),
                  )
                }
              >
                <OrderLine order={order} />
                <p>
                  {order.paid
                    ? `Belum ada praktisi yang mengambilnya: tawaran ditarik dan ${order.price} kembali ke deposit organisasi.`
                    : "Pesanan belum dibayar, jadi deposit tidak berubah."}{" "}
                  Agen diberi tahu lewat webhook bahwa pesanan dibatalkan. Langkah ini tidak bisa dibatalkan.
                </p>
              </ConfirmDialogButton>
            </div>
          </div>
        </details>
      )}
    </div>
  );
}

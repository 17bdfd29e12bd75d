import { formatDateTime, formatRupiah, MESSAGE_ROLE_LABEL } from "@/app/_components/format";
import { Card } from "@/app/_components/ui";
import type { MessageRole } from "@/server/domain/orders/order-state";

type DecisionKind = "resume_work" | "settle_for_practitioner" | "settle_split" | "refund";

interface Dispute {
  openedAt: Date;
  reason: { role: MessageRole; body: string };
  decision: {
    kind: DecisionKind;
    decidedAt: Date;
    note: string | null;
    practitionerShareIdr: number | null;
    figures: string | null;
  } | null;
}

/** What each decision means for the practitioner. */
const DECISION: Record<DecisionKind, { title: string; effect: (share: number | null) => string }> = {
  resume_work: { title: "Dikerjakan lagi", effect: () => "Pesanan dikembalikan kepada Anda untuk diperbaiki, lalu diserahkan lagi." },
  settle_for_practitioner: { title: "Dimenangkan praktisi", effect: () => "Seluruh pendapatan pesanan ini masuk ke saldo Anda." },
  settle_split: {
    title: "Dibagi",
    effect: (share) =>
      `${share === null ? "Sebagian" : formatRupiah(share)} dari harga Anda masuk ke saldo Anda; sisanya dikembalikan ke deposit klien.`,
  },
  refund: { title: "Direfund ke klien", effect: () => "Seluruh dana dikembalikan ke klien; tidak ada pendapatan dari pesanan ini." },
};

/** The order's latest dispute: who raised it and why, and what the operator decided. */
export function DisputeCard({ dispute }: { dispute: Dispute }) {
  const { decision } = dispute;
  return (
    <Card title="Sengketa">
      <dl className="facts">
        <dt>Diajukan</dt>
        <dd>
          {formatDateTime(dispute.openedAt)} oleh {MESSAGE_ROLE_LABEL[dispute.reason.role]}
        </dd>
        <dt>Alasan</dt>
        <dd className="review-comment">{dispute.reason.body}</dd>
        <dt>Keputusan operator</dt>
        <dd>
          {decision ? (
            <>
              <strong>{DECISION[decision.kind].title}</strong> · {formatDateTime(decision.decidedAt)}
              <div>{DECISION[decision.kind].effect(decision.practitionerShareIdr)}</div>
            </>
          ) : (
            <span className="muted">Belum ada. Tim operator Kuasa memeriksa pesanan dan dapat menghubungi Anda lewat percakapan.</span>
          )}
        </dd>
        {decision?.note && (
          <>
            <dt>Catatan operator</dt>
            <dd className="review-comment">{decision.note}</dd>
          </>
        )}
        {decision?.figures && (
          <>
            <dt>Rincian</dt>
            <dd>{decision.figures}</dd>
          </>
        )}
      </dl>
    </Card>
  );
}

import type { ReactNode } from "react";
import type { CostKind, CostStatus } from "@/generated/prisma/enums";
import type { PortalCost } from "@/server/api/schemas/orders/cost-portal";
import { COST_STATUS_LABEL, formatDateTime, formatRupiah } from "./format";
import { fileDownloadUrl } from "./order-files";

/** Each cost status's tone (the status word itself stays in the title). */
const STATUS_TONE: Record<CostStatus, string> = {
  diajukan: "pill-warn",
  menunggu_persetujuan: "pill-warn",
  disetujui: "pill-ok",
  ditolak: "pill-bad",
  dilunasi: "pill-ok",
  dibatalkan: "pill-muted",
};

export const COST_KIND_LABEL: Record<CostKind, string> = { pnbp: "PNBP", notaris: "Notaris", lainnya: "Biaya resmi lain" };

function CostStatusPill({ status }: { status: CostStatus }) {
  return (
    <span className={`pill ${STATUS_TONE[status]}`} title={status}>
      {COST_STATUS_LABEL[status]}
    </span>
  );
}

/** When each step happened, the latest last. */
function costDates(cost: PortalCost): string {
  const steps: Array<[string, Date | null]> = [
    ["diajukan", cost.createdAt],
    // An approval is its own step below; a decision is named only when it was not one (a rejection, a hold for the admin).
    ["diputuskan", cost.approvedAt ? null : cost.decidedAt],
    ["disetujui", cost.approvedAt],
    ["dilunasi", cost.paidAt],
  ];
  return steps
    .filter((step): step is [string, Date] => step[1] !== null)
    .map(([word, at]) => `${word} ${formatDateTime(at)}`)
    .join(" · ");
}

/**
 * An order's official costs as every portal shows them: what, how much, on what basis, where it
 * stands, why it was refused, and the receipt once paid. `actions` renders what the reader may do
 * to a cost (the portal's own buttons); `receiptLinks` says whether the reader may open receipts.
 */
export function CostList<Cost extends PortalCost>({
  costs,
  empty,
  actions,
  receiptLinks = true,
}: {
  costs: readonly Cost[];
  empty: string;
  actions?: (cost: Cost) => ReactNode;
  receiptLinks?: boolean;
}) {
  if (costs.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="plain-list cost-list">
      {costs.map((cost) => (
        <li key={cost.id} className="cost" aria-labelledby={`${cost.id}-title`}>
          <div className="cost-head">
            <p id={`${cost.id}-title`} className="cost-title">
              <strong>{cost.description}</strong>
              <span className="muted small"> · {COST_KIND_LABEL[cost.kind]}</span>
            </p>
            <p className="amount">{formatRupiah(cost.amountIdr)}</p>
          </div>
          <p>
            <CostStatusPill status={cost.status} />
          </p>
          <p className="small">
            <span className="muted">Dasar: </span>
            {cost.basis}
          </p>
          {cost.reason && (cost.status === "ditolak" || cost.status === "dibatalkan") && (
            <p className="small">
              <span className="muted">Alasan: </span>
              {cost.reason}
            </p>
          )}
          {cost.receipt && (
            <p className="small">
              <span className="muted">Kuitansi: </span>
              {receiptLinks ? (
                <a href={fileDownloadUrl(cost.receipt.id)} download={cost.receipt.filename}>
                  {cost.receipt.filename}
                </a>
              ) : (
                cost.receipt.filename
              )}
            </p>
          )}
          <p className="muted small">
            <code>{cost.id}</code> · {costDates(cost)}
          </p>
          {actions?.(cost)}
        </li>
      ))}
    </ul>
  );
}

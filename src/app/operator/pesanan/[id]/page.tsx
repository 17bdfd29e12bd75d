import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CostList } from "@/app/_components/cost-list";
import { Countdown } from "@/app/_components/countdown";
import { Table } from "@/app/_components/data-table";
import { OrderDocuments } from "@/app/_components/financial-documents";
import { formatDateTime, formatRupiah, formatSignedRupiah, ORDER_STATUS_LABEL } from "@/app/_components/format";
import { OrderFiles } from "@/app/_components/order-files";
import { MessageThread } from "@/app/_components/order-parts";
import { Card, PageTitle, StatusBadge } from "@/app/_components/ui";
import { isNotFound } from "@/app/operator/_components/not-found";
import { ledgerKindLabel } from "@/server/domain/money/ledger-labels";
import { portalPage } from "@/server/runtime/portal";
import { ClientDataReveal } from "../../_components/client-data-reveal";
import { CostCancel } from "../../_components/cost-cancel";
import { AUDIT_ACTION_LABEL, actorLabel, CONFLICT_WHY_LABEL, conflictSkipOf, LEDGER_ACCOUNT_LABEL } from "../../_components/labels";
import { OfferToPractitioner } from "../../_components/offer-to-practitioner";
import { OperatorMessageForm } from "../../_components/operator-message-form";
import { OrderActions } from "../../_components/order-actions";
import { ConflictCheck, OfferList } from "../../_components/order-offers";

export const metadata: Metadata = { title: "Detail pesanan · Operator — Kuasa" };

export default async function OrderDetailPage({ params }: { params: Promise<{ id: string }> }) {
  const { caller } = await portalPage("operator");
  const { id } = await params;
  const [order, costs, documents] = await Promise.all([
    caller.operator.order({ orderId: id }),
    caller.operator.orderCosts({ orderId: id }),
    caller.operator.orderDocuments({ orderId: id }),
  ]).catch((err: unknown) => (isNotFound(err) ? notFound() : Promise.reject(err)));
  const { amounts } = order;
  // Live orders on offer can go to a practitioner of the operator's choosing (test orders go to the sandbox's stand-in).
  const choosable = order.status === "ditawarkan" && order.livemode ? await caller.operator.practitionersForOrder({ orderId: id }) : null;
  // The practitioners the offering passed over for a conflict of interest, by name (the audit row keeps their id).
  const skippedIds = [...new Set(order.audit.flatMap((entry) => conflictSkipOf(entry.action, entry.data)?.practitionerId ?? []))];
  const skippedNames = new Map(
    await Promise.all(
      skippedIds.map(async (practitionerId) => {
        const name = await caller.operator
          .practitionerProfile({ practitionerId })
          .then((p) => p.name)
          .catch(() => null);
        return [practitionerId, name] as const;
      }),
    ),
  );
  return (
    <>
      <p className="back">
        <Link href="/operator/pesanan">← Semua pesanan</Link>
      </p>
      <PageTitle lead={`${order.service.name} untuk ${order.organization.name}, dibuat ${formatDateTime(order.createdAt)}.`}>
        Pesanan <code>{order.id}</code>
      </PageTitle>
      <p>
        <StatusBadge status={order.status} /> {order.livemode ? null : <span className="pill pill-test">Mode uji (sandbox)</span>}
      </p>

      <div className="order-layout">
        <div>
          <Card title="Tindakan operator">
            {order.offeringStalledAt && (
              <p className="waiting">
                Tawaran macet sejak {formatDateTime(order.offeringStalledAt)}: {order.offeringStalledReason}
                {order.offeringRefundAt && (
                  <>
                    {" "}
                    Direfund otomatis {formatDateTime(order.offeringRefundAt)} (
                    <Countdown until={new Date(order.offeringRefundAt).toISOString()} />
                    ).
                  </>
                )}
              </p>
            )}
            <OrderActions
              order={{
                id: order.id,
                organization: order.organization.name,
                practitioner: order.practitioner?.name ?? null,
                escrowIdr: amounts.escrowIdr,
                practitionerFeeIdr: amounts.practitionerFeeIdr,
                platformFeeIdr: amounts.platformFeeIdr,
              }}
              steps={order.allowedActions}
            />
            {choosable && <OfferToPractitioner orderId={order.id} practitioners={choosable} />}
          </Card>

          <Card title="Data klien">
            <ClientDataReveal orderId={order.id} files={order.files} />
          </Card>

          {costs.length > 0 && (
            <Card title="Biaya resmi">
              <CostList
                costs={costs}
                empty="Belum ada biaya resmi."
                actions={(cost) =>
                  cost.status === "diajukan" || cost.status === "menunggu_persetujuan" || cost.status === "disetujui" ? (
                    <CostCancel
                      orderId={order.id}
                      costId={cost.id}
                      status={cost.status}
                      description={cost.description}
                      amount={formatRupiah(cost.amountIdr)}
                      organization={order.organization.name}
                    />
                  ) : null
                }
              />
            </Card>
          )}

          <Card title="Berkas">
            <OrderFiles files={order.files} empty="Belum ada berkas pada pesanan ini." />
            {order.files.length > 0 && <p className="muted small">Setiap unduhan operator tercatat di log audit.</p>}
          </Card>

          <Card title="Riwayat status">
            {order.timeline.length === 0 ? (
              <p className="muted">Belum ada perubahan status yang tercatat.</p>
            ) : (
              <ol className="timeline">
                {order.timeline.map((step) => (
                  <li key={step.id}>
                    <span>
                      <strong>{ORDER_STATUS_LABEL[step.status]}</strong> · oleh {actorLabel(step.actor.type)}
                      {step.actor.name && <> ({step.actor.name})</>}
                    </span>
                    <time dateTime={new Date(step.at).toISOString()}>{formatDateTime(step.at)}</time>
                  </li>
                ))}
              </ol>
            )}
          </Card>

          <Card title="Penawaran">
            <OfferList offers={order.offers} />
          </Card>

          <Card title="Pemeriksaan benturan kepentingan">
            <ConflictCheck check={order.conflictCheck} taken={order.practitioner !== null} />
          </Card>

          <Card title="Percakapan">
            <MessageThread messages={order.messages} mine="operator" mineLabel="Operator" files={order.files} />
            <OperatorMessageForm orderId={order.id} />
          </Card>

          <Card title="Hasil kerja">
            {order.deliverable ? (
              <p className="deliverable">
                {/^https?:\/\//.test(order.deliverable) ? (
                  <a href={order.deliverable} rel="noreferrer noopener" target="_blank">
                    {order.deliverable}
                  </a>
                ) : (
                  order.deliverable
                )}
              </p>
            ) : (
              <p className="muted">Praktisi belum menyerahkan hasil.</p>
            )}
          </Card>

          <Card title="Buku besar pesanan">
            {order.ledger.length === 0 ? (
              <p className="muted">Belum ada uang yang berpindah untuk pesanan ini (menunggu persetujuan pembayaran).</p>
            ) : (
              // A data-table: on phones each entry becomes a card instead of squeezing the account ids.
              <div className="data-table">
                <Table
                  caption="Mutasi buku besar pesanan"
                  hiddenCaption
                  columns={[
                    { key: "at", header: "Waktu", cell: (entry) => formatDateTime(entry.at) },
                    {
                      key: "kind",
                      header: "Transfer",
                      cell: (entry) => ledgerKindLabel(entry.kind),
                    },
                    {
                      key: "account",
                      header: "Akun",
                      cell: (entry) => LEDGER_ACCOUNT_LABEL[entry.accountKind],
                    },
                    { key: "amount", header: "Jumlah", align: "end", cell: (entry) => formatSignedRupiah(entry.amountIdr) },
                  ]}
                  rows={order.ledger.flatMap((transfer) =>
                    transfer.entries.map((entry) => ({ ...entry, accountKind: entry.kind, at: transfer.at, kind: transfer.kind })),
                  )}
                  rowKey={(entry) => entry.id}
                />
              </div>
            )}
          </Card>

          <Card title="Dokumen keuangan">
            <OrderDocuments documents={documents} />
          </Card>

          <Card title="Log audit pesanan">
            {order.audit.length === 0 ? (
              <p className="muted">Belum ada tindakan operator, admin, atau sistem yang tercatat untuk pesanan ini.</p>
            ) : (
              <ol className="timeline">
                {order.audit.map((entry) => (
                  <li key={entry.id}>
                    <span>
                      {AUDIT_ACTION_LABEL[entry.action] ?? entry.action} · {actorLabel(entry.actorType)}
                      {entry.actorName && <> ({entry.actorName})</>}
                      <ConflictSkipText skip={conflictSkipOf(entry.action, entry.data)} names={skippedNames} />
                    </span>
                    <time dateTime={new Date(entry.at).toISOString()}>{formatDateTime(entry.at)}</time>
                  </li>
                ))}
              </ol>
            )}
            <p>
              <Link href={`/operator/audit?q=${order.id}`}>Buka di log audit</Link>
            </p>
          </Card>
        </div>

        <aside className="order-side" aria-label="Ringkasan pesanan">
          <Card title="Dana">
            <dl className="facts">
              <dt>Harga agen</dt>
              <dd className="amount">{formatRupiah(amounts.priceIdr)}</dd>
              <dt>Honor praktisi</dt>
              <dd className="amount">{formatRupiah(amounts.practitionerFeeIdr)}</dd>
              <dt>Biaya platform</dt>
              <dd className="amount">{formatRupiah(amounts.platformFeeIdr)}</dd>
              <dt>Di escrow sekarang</dt>
              <dd className="amount">{formatRupiah(amounts.escrowIdr)}</dd>
            </dl>
          </Card>
          <Card title="Pihak">
            <dl className="facts">
              <dt>Organisasi</dt>
              <dd>
                <Link href={`/operator/organisasi/${order.organization.id}`}>{order.organization.name}</Link>
              </dd>
              <dt>Kunci API</dt>
              <dd>
                {order.apiKey.name || "Tanpa nama"} · <code>{order.apiKey.keyId}</code> · {order.apiKey.mode === "live" ? "live" : "uji"}
              </dd>
              <dt>Layanan</dt>
              <dd>
                {order.service.name} <code>{order.service.code}</code>
              </dd>
              <dt>Praktisi</dt>
              <dd>
                {order.practitioner ? (
                  `${order.practitioner.name}${order.practitioner.label ? ` (${order.practitioner.label})` : ""}`
                ) : (
                  <span className="muted">Belum ada</span>
                )}
              </dd>
              <dt>Dibayar</dt>
              <dd>{order.paidAt ? formatDateTime(order.paidAt) : <span className="muted">Belum</span>}</dd>
              <dt>Tenggat SLA</dt>
              <dd>
                {order.slaDueAt ? formatDateTime(order.slaDueAt) : <span className="muted">Belum berjalan</span>}
                {order.slaBreachedAt && <div className="hint-error">Terlewati (tercatat {formatDateTime(order.slaBreachedAt)})</div>}
              </dd>
              <dt>Revisi</dt>
              <dd>{order.revisionCount}</dd>
            </dl>
          </Card>
        </aside>
      </div>
    </>
  );
}

/**
 * What an `order.conflict_skipped` row says, readably: who was passed over, for which party, and
 * why. The operator's alone: the organisation's pages never show who was passed over or why.
 */
function ConflictSkipText({ skip, names }: { skip: ReturnType<typeof conflictSkipOf>; names: Map<string, string | null> }) {
  if (!skip) return null;
  const name = names.get(skip.practitionerId);
  return (
    <span className="audit-detail">
      Dilewati karena benturan kepentingan: <Link href={`/operator/praktisi/${skip.practitionerId}`}>{name ?? skip.practitionerId}</Link>
      {skip.round !== null && <> (putaran {skip.round})</>} —{" "}
      {skip.findings.length === 0
        ? "tanpa rincian pihak"
        : skip.findings.map((finding, index) => (
            <span key={`${finding.why}-${finding.party}`}>
              {index > 0 && "; "}
              <strong>{finding.party}</strong> ({CONFLICT_WHY_LABEL[finding.why] ?? finding.why}
              {finding.known !== finding.party && <>, tercatat sebagai “{finding.known}”</>})
            </span>
          ))}
    </span>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AutoRefresh } from "@/app/_components/auto-refresh";
import { CostList } from "@/app/_components/cost-list";
import { Countdown } from "@/app/_components/countdown";
import { OrderDocuments } from "@/app/_components/financial-documents";
import { formatDateTime, formatRupiah } from "@/app/_components/format";
import { OrderFiles } from "@/app/_components/order-files";
import { IntakeList, MessageThread } from "@/app/_components/order-parts";
import { Card, PageTitle, StatusBadge } from "@/app/_components/ui";
import type { OrderStatus } from "@/generated/prisma/enums";
import { toApiError } from "@/server/api/api-error";
import { FINAL_STATUSES } from "@/server/domain/orders/order-state";
import { portalPage } from "@/server/runtime/portal";
import { ApprovalActions } from "../../_components/approval-actions";
import { CostDecision } from "../../_components/cost-decision";
import { MessageForm } from "../../_components/message-form";
import { inMode, TestModeBanner } from "../../_components/mode";
import { OrderDecisions } from "../../_components/order-decisions";
import { OrderReview } from "../../_components/order-review";
import { OrderTimeline } from "../../_components/order-timeline";

export const metadata: Metadata = { title: "Detail pesanan — Kuasa" };

/** Where the order stands and what happens next, as the client side reads it. */
const STATUS_NOTICE: Partial<Record<OrderStatus, { text: string; tone: "notice" | "waiting" | "error" }>> = {
  menunggu_bayar: {
    text: "Harga pesanan di atas ambang persetujuan: pesanan menunggu keputusan Anda. Setujui atau tolak di kolom Langkah Anda.",
    tone: "waiting",
  },
  dibayar: { text: "Dibayar dari deposit dan ditahan (escrow). Pesanan segera ditawarkan ke praktisi.", tone: "notice" },
  ditawarkan: {
    text: "Sedang ditawarkan ke praktisi yang memenuhi syarat, satu per satu. Anda masih bisa membatalkannya selama belum diambil.",
    tone: "notice",
  },
  diambil: { text: "Praktisi sudah mengambil pesanan ini dan akan mulai mengerjakannya.", tone: "notice" },
  dikerjakan: { text: "Praktisi sedang mengerjakan pesanan ini.", tone: "notice" },
  butuh_input_klien: {
    text: "Praktisi menunggu jawaban klien (pesan terakhir di percakapan). Agen Anda menjawab lewat API (POST /v1/orders/{id}/messages) atau MCP (kirim_pesan), atau Anda menjawab di bawah percakapan.",
    tone: "waiting",
  },
  selesai: { text: "Selesai: hasil diterima dan pembayaran diteruskan ke praktisi.", tone: "notice" },
  sengketa: {
    text: "Dalam sengketa. Tim operator Kuasa memeriksa dan memutuskan; dana tetap ditahan sampai ada keputusan.",
    tone: "error",
  },
  dibatalkan: { text: "Pesanan dibatalkan. Dana yang sudah dibayar kembali ke deposit.", tone: "error" },
  direfund: { text: "Dana pesanan dikembalikan ke deposit organisasi.", tone: "error" },
};

/** What the deliverable is to the client in each status where it matters. */
const DELIVERABLE_TITLE: Partial<Record<OrderStatus, string>> = { diserahkan: "Hasil yang diserahkan", selesai: "Hasil yang diterima" };

async function loadOrder(orderId: string) {
  const { caller } = await portalPage("org_admin");
  try {
    const [order, costs, documents] = await Promise.all([
      caller.organization.order({ orderId }),
      caller.organization.orderCosts({ orderId }),
      caller.organization.orderDocuments({ orderId }),
    ]);
    return { order, costs, documents };
  } catch (err) {
    // Another organisation's order or a malformed id: the same "not here".
    if (["NOT_FOUND", "VALIDATION"].includes(toApiError(err).code)) notFound();
    throw err;
  }
}

const iso = (at: Date | string) => new Date(at).toISOString();

export default async function OrganizationOrderPage({ params }: { params: Promise<{ id: string }> }) {
  const { order, costs, documents } = await loadOrder((await params).id);
  const notice = STATUS_NOTICE[order.status];
  const inRevision = order.status === "dikerjakan" && order.revisionCount > 0;
  const stall = order.offering?.stalledAt ? order.offering : null;
  const mode = order.livemode ? "live" : "test";
  return (
    <>
      <p className="back">
        <Link href={inMode("/organisasi/pesanan", mode)}>
          <span aria-hidden="true">← </span>
          {order.livemode ? "Pesanan" : "Pesanan uji"}
        </Link>
      </p>
      <PageTitle lead={order.id}>{order.service.name}</PageTitle>
      {!order.livemode && <TestModeBanner />}
      <AutoRefresh seconds={10} />
      {/* Above both columns: on a phone the summary comes first, and what changed must not hide below it. */}
      <div className="order-notices">
        {order.status === "diserahkan" ? (
          <p className="waiting" role="status">
            Hasil sudah diserahkan. Terima hasilnya, minta revisi, atau ajukan sengketa
            {order.autoAcceptAt && (
              <>
                {" "}
                sebelum {formatDateTime(order.autoAcceptAt)}; setelah itu hasil diterima otomatis dan pembayaran diteruskan ke praktisi.{" "}
                <Countdown until={iso(order.autoAcceptAt)} />
              </>
            )}
          </p>
        ) : (
          notice && (
            <p className={notice.tone} role="status">
              {inRevision ? `Praktisi mengerjakan revisi ke-${order.revisionCount}.` : notice.text}
            </p>
          )
        )}
        {stall && (
          <p className="error">
            Belum ada praktisi yang mengambil pesanan ini{stall.reason ? `: ${stall.reason}` : "."} Tim operator Kuasa bisa menawarkannya
            lagi
            {stall.refundAt && (
              <>
                ; bila tidak, dana kembali ke deposit secara otomatis pada {formatDateTime(stall.refundAt)}.{" "}
                <Countdown until={iso(stall.refundAt)} />
              </>
            )}
          </p>
        )}
      </div>
      <div className="order-layout">
        <div className="order-main">
          {order.deliverable && (
            <Card title={inRevision ? "Hasil yang dikembalikan untuk revisi" : (DELIVERABLE_TITLE[order.status] ?? "Hasil terakhir")}>
              <p className="deliverable">{order.deliverable}</p>
            </Card>
          )}
          <Card title="Berkas">
            <OrderFiles
              files={order.files}
              empty="Belum ada berkas pada pesanan ini."
              locked="Berkas pesanan uji hanya bisa diunduh oleh agen dengan kunci uji (GET /v1/files/{id}/content)."
            />
          </Card>
          {costs.length > 0 && (
            <Card title="Biaya resmi">
              <p className="muted small">
                Biaya pihak ketiga (PNBP, notaris, meterai) yang diajukan praktisi, di luar harga layanan. Agen Anda memutuskannya lewat
                API, atau Anda di sini; yang disetujui dibayar dari deposit ke escrow pesanan dan diteruskan ke praktisi setelah kuitansinya
                diunggah.
              </p>
              <CostList
                costs={costs}
                empty="Belum ada biaya resmi."
                receiptLinks={order.livemode}
                actions={(cost) =>
                  cost.status === "diajukan" || cost.status === "menunggu_persetujuan" ? (
                    <CostDecision
                      orderId={order.id}
                      costId={cost.id}
                      description={cost.description}
                      amount={formatRupiah(cost.amountIdr)}
                    />
                  ) : null
                }
              />
            </Card>
          )}
          {(order.review || order.reviewable) && (
            <Card title="Ulasan">
              <OrderReview orderId={order.id} review={order.review} reviewable={order.reviewable} />
            </Card>
          )}
          <Card title="Dokumen keuangan">
            <OrderDocuments documents={documents} />
          </Card>
          <Card title="Percakapan">
            <MessageThread messages={order.messages} mine="admin" mineLabel="Admin organisasi" files={order.files} />
            {!FINAL_STATUSES.includes(order.status) && (
              <MessageForm orderId={order.id} answering={order.status === "butuh_input_klien"} withFiles={order.livemode} />
            )}
          </Card>
          <Card title="Riwayat status">
            <OrderTimeline createdAt={order.createdAt} events={order.events} />
            {order.events.length > 0 && (
              <p className="small">
                <Link href={inMode(`/organisasi/webhook?q=${encodeURIComponent(order.id)}`, mode)}>
                  Lihat pengiriman webhook pesanan ini
                </Link>
              </p>
            )}
          </Card>
          <Card title="Data intake">
            <IntakeList intake={order.intake} labels={order.intakeLabels} files={order.files} />
          </Card>
        </div>
        <aside className="order-side">
          <Card title="Ringkasan">
            <dl className="facts">
              <dt>Status</dt>
              <dd>
                <StatusBadge status={order.status} />
              </dd>
              <dt>Layanan</dt>
              <dd>
                {order.service.name}
                <div className="muted small">SLA {order.service.slaLabel}</div>
              </dd>
              <dt>Harga</dt>
              <dd className="amount">{formatRupiah(order.priceIdr)}</dd>
              <dt>Kunci API</dt>
              <dd>
                {order.apiKey.name || "Tanpa nama"}
                <div className="small">
                  <code>{order.apiKey.keyId}</code>
                </div>
              </dd>
              <dt>Praktisi</dt>
              <dd>
                {order.practitioner ? (
                  [order.practitioner.name, order.practitioner.label].filter(Boolean).join(" · ")
                ) : (
                  <span className="muted">Belum ada</span>
                )}
              </dd>
              <dt>Dibuat</dt>
              <dd>{formatDateTime(order.createdAt)}</dd>
              <dt>Tenggat SLA</dt>
              <dd>
                {order.slaDueAt ? formatDateTime(order.slaDueAt) : <span className="muted">Dihitung sejak pesanan dibayar</span>}
                {order.slaBreachedAt && (
                  <div>
                    <span className="pill pill-bad">Terlewati</span>{" "}
                    <span className="small">sejak {formatDateTime(order.slaBreachedAt)}</span>
                  </div>
                )}
              </dd>
              <dt>Revisi</dt>
              <dd>
                {order.revisionCount} dipakai · {order.revisionsLeft} tersisa
              </dd>
              {order.offering && (
                <>
                  <dt>Penawaran</dt>
                  <dd>
                    Putaran {order.offering.round}
                    {order.offering.stalledAt && <div className="small">macet sejak {formatDateTime(order.offering.stalledAt)}</div>}
                    {order.offering.refundAt && <div className="small">refund otomatis {formatDateTime(order.offering.refundAt)}</div>}
                  </dd>
                </>
              )}
              {order.caseId && (
                <>
                  <dt>Asal</dt>
                  <dd>
                    <Link href={`/organisasi/kasus#${order.caseId}`}>Kasus {order.caseId}</Link>
                  </dd>
                </>
              )}
            </dl>
          </Card>
          <Card title="Langkah Anda">
            {order.status === "menunggu_bayar" && (
              <ApprovalActions orderId={order.id} service={order.service.name} price={formatRupiah(order.priceIdr)} stay />
            )}
            <OrderDecisions
              order={{
                id: order.id,
                service: order.service.name,
                price: formatRupiah(order.priceIdr),
                paid: order.paid,
                revisionsLeft: order.revisionsLeft,
              }}
              actions={order.actions}
            />
          </Card>
        </aside>
      </div>
    </>
  );
}

import Link from "next/link";
import { notFound } from "next/navigation";
import { AutoRefresh } from "@/app/_components/auto-refresh";
import { CostList } from "@/app/_components/cost-list";
import { Countdown } from "@/app/_components/countdown";
import { formatDateTime, MESSAGE_ROLE_LABEL } from "@/app/_components/format";
import { OrderFiles } from "@/app/_components/order-files";
import { IntakeList, MessageThread } from "@/app/_components/order-parts";
import { Card, PageTitle, StatusBadge } from "@/app/_components/ui";
import type { OrderStatus } from "@/generated/prisma/enums";
import { toApiError } from "@/server/api/api-error";
import { portalPage } from "@/server/runtime/portal";
import { ReceiptForm, RequestCostForm } from "../../_components/cost-forms";
import { earningText } from "../../_components/earning";
import { OrderParties } from "../../_components/order-parties";
import { DisputeCard } from "./dispute-card";
import { OrderActions } from "./order-actions";

export const dynamic = "force-dynamic";

/** What the practitioner should know (and expect next) in each status. */
const STATUS_NOTICE: Partial<Record<OrderStatus, { text: string; tone: "notice" | "waiting" | "error" }>> = {
  // The page also shows an order offered to the practitioner, as the offer shows it (masked).
  ditawarkan: {
    text: "Pesanan ini sedang ditawarkan kepada Anda: kontak klien disamarkan sampai Anda mengambilnya di halaman Penawaran.",
    tone: "waiting",
  },
  diambil: { text: "Pesanan sudah Anda ambil. Mulai kerjakan bila siap; SLA berjalan sejak pesanan dibayar.", tone: "notice" },
  butuh_input_klien: {
    text: "Menunggu jawaban klien atas pertanyaan Anda. Begitu klien menjawab, pesanan kembali ke Sedang dikerjakan; halaman ini diperbarui sendiri.",
    tone: "waiting",
  },
  diserahkan: {
    text: "Hasil sudah diserahkan. Pendapatan masuk ke saldo Anda setelah klien menerima hasilnya; klien juga bisa meminta revisi atau mengajukan sengketa.",
    tone: "notice",
  },
  selesai: { text: "Pesanan selesai dan pendapatannya sudah masuk ke saldo Anda.", tone: "notice" },
  sengketa: {
    text: "Pesanan dalam sengketa. Tim operator Kuasa akan menghubungi Anda; tidak ada langkah yang perlu Anda ambil di sini.",
    tone: "error",
  },
  dibatalkan: { text: "Pesanan dibatalkan. Tidak ada pendapatan dari pesanan ini.", tone: "error" },
  direfund: { text: "Dana pesanan dikembalikan kepada klien. Tidak ada pendapatan dari pesanan ini.", tone: "error" },
};

async function loadOrder(orderId: string) {
  const { caller } = await portalPage("practitioner");
  try {
    const order = await caller.practitioner.order({ orderId });
    // An offer shows no costs: they are the holder's to ask for.
    return { order, costs: order.masked ? null : await caller.practitioner.orderCosts({ orderId }) };
  } catch (err) {
    // Another practitioner's order, a released one, or a malformed id: the same "not here".
    if (["NOT_FOUND", "VALIDATION"].includes(toApiError(err).code)) notFound();
    throw err;
  }
}

export default async function OrderPage({ params }: { params: Promise<{ id: string }> }) {
  const { order, costs } = await loadOrder((await params).id);
  const notice = STATUS_NOTICE[order.status];
  const inRevision = order.status === "dikerjakan" && order.revisionCount > 0;
  const reason = inRevision ? order.revisionReason : null;
  // During a revision (or after a dispute sent it back) the kept result is the one being reworked.
  const reworking = order.status === "dikerjakan" || order.status === "butuh_input_klien";
  const deliverableTitle = !reworking
    ? "Hasil yang diserahkan"
    : order.revisionCount > 0
      ? "Hasil sebelumnya (dikembalikan untuk revisi)"
      : "Hasil sebelumnya";
  return (
    <>
      <p className="back">
        <Link href="/praktisi/pesanan">
          <span aria-hidden="true">← </span>Pesanan saya
        </Link>
      </p>
      <PageTitle lead={order.id}>{order.service.name}</PageTitle>
      <AutoRefresh seconds={5} />
      {/* Above both columns: on a phone the summary comes first, and what changed must not hide below it. */}
      <div className="order-notices">
        {notice && (
          <p className={notice.tone} role="status">
            {notice.text}
            {order.status === "diserahkan" && order.autoAcceptAt && (
              <>
                {" "}
                Tanpa tanggapan klien, hasil diterima otomatis pada {formatDateTime(order.autoAcceptAt)}:{" "}
                <Countdown until={new Date(order.autoAcceptAt).toISOString()} />
              </>
            )}
          </p>
        )}
        {inRevision && (
          <div className="waiting revision-notice" role="status">
            <p>
              <strong>
                {reason?.role === "operator" ? "Tim operator Kuasa" : reason?.role === "admin" ? "Admin klien" : "Klien"} meminta revisi ke-
                {order.revisionCount}.
              </strong>{" "}
              Perbaiki hasil sebelumnya, lalu serahkan lagi.
            </p>
            {reason && (
              <blockquote>
                <p className="small">Alasan dari {MESSAGE_ROLE_LABEL[reason.role]}:</p>
                <p className="message-body">{reason.body}</p>
              </blockquote>
            )}
          </div>
        )}
      </div>
      <div className="order-layout">
        <div className="order-main">
          {order.dispute && <DisputeCard dispute={order.dispute} />}
          {order.deliverable && (
            <Card title={deliverableTitle}>
              <p className="deliverable">{order.deliverable}</p>
            </Card>
          )}
          <Card title="Data dari klien">
            <IntakeList intake={order.intake} labels={order.intakeLabels} files={order.files} />
          </Card>
          <Card title="Pihak dalam pesanan ini">
            <OrderParties parties={order.parties} organisationNote="pemesan" />
            {order.conflictConfirmedAt && (
              <p className="conflict-confirmed small">
                Anda menyatakan tidak ada benturan kepentingan pada{" "}
                <time dateTime={new Date(order.conflictConfirmedAt).toISOString()}>{formatDateTime(order.conflictConfirmedAt)}</time>.
              </p>
            )}
          </Card>
          <Card title="Berkas">
            <OrderFiles
              files={order.files}
              empty="Belum ada berkas pada pesanan ini."
              places={["order", "deliverable", "message"]}
              locked="Data kontak dalam nama berkas disamarkan; berkas bisa dibuka setelah Anda mengambil pesanan ini."
            />
          </Card>
          {costs && (costs.canRequest || costs.costs.length > 0) && (
            <Card title="Biaya resmi">
              <CostList
                costs={costs.costs}
                empty="Belum ada biaya resmi yang diajukan untuk pesanan ini."
                actions={(cost) => (cost.status === "disetujui" && cost.mine ? <ReceiptForm orderId={order.id} costId={cost.id} /> : null)}
              />
              {costs.canRequest && (
                <details className="disclosure" open={costs.costs.length === 0}>
                  <summary>Ajukan biaya resmi</summary>
                  <p className="muted small">
                    Biaya pihak ketiga seperti PNBP, honorarium notaris atau bea meterai ditagihkan terpisah dari harga layanan, sebesar
                    tarif resminya.
                  </p>
                  <RequestCostForm orderId={order.id} fees={costs.fees} />
                </details>
              )}
            </Card>
          )}
          <Card title="Percakapan dengan klien">
            <MessageThread messages={order.messages} mine="practitioner" mineLabel="Anda" files={order.files} />
          </Card>
        </div>
        <aside className="order-side">
          <Card title="Ringkasan">
            <dl className="facts">
              <dt>Status</dt>
              <dd>
                <StatusBadge status={order.status} />
              </dd>
              <dt>Pendapatan</dt>
              <dd className={order.earningIdr === null ? "muted" : "amount"}>{earningText(order)}</dd>
              <dt>SLA</dt>
              <dd>{order.service.slaLabel}</dd>
              <dt>Tenggat</dt>
              <dd>{order.slaDueAt ? formatDateTime(order.slaDueAt) : "—"}</dd>
              {order.revisionCount > 0 && (
                <>
                  <dt>Revisi</dt>
                  <dd>{order.revisionCount} kali diminta</dd>
                </>
              )}
              {order.caseId && (
                <>
                  <dt>Asal</dt>
                  <dd>
                    <Link href={`/praktisi/kasus/${order.caseId}`}>Kasus {order.caseId}</Link>
                    <div className="muted small">Penawaran Anda yang dipilih klien di papan kasus.</div>
                  </dd>
                </>
              )}
            </dl>
          </Card>
          {order.actions.length > 0 && (
            <Card title="Langkah berikutnya">
              <OrderActions orderId={order.id} actions={order.actions} />
            </Card>
          )}
        </aside>
      </div>
    </>
  );
}

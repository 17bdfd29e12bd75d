import Link from "next/link";
import { notFound } from "next/navigation";
import type { OrderStatus } from "@/generated/prisma/enums";
import { formatDateTime, formatRupiah } from "@/app/_components/format";
import { Card, PageTitle, StatusBadge } from "@/app/_components/ui";
import { toApiError } from "@/server/api/api-error";
import { portalPage } from "@/server/portal";
import { AutoRefresh } from "../../_components/auto-refresh";
import { IntakeList, MessageThread } from "../../_components/order-parts";
import { OrderActions } from "./order-actions";

export const dynamic = "force-dynamic";

/** What the practitioner should know (and expect next) in each status after taking the order. */
const STATUS_NOTICE: Partial<Record<OrderStatus, { text: string; tone: "notice" | "waiting" | "error" }>> = {
  diambil: { text: "Pesanan sudah Anda ambil. Mulai kerjakan bila siap; SLA berjalan sejak pesanan dibayar.", tone: "notice" },
  butuh_input_klien: {
    text: "Menunggu jawaban klien atas pertanyaan Anda. Begitu klien menjawab, pesanan kembali ke Sedang dikerjakan; halaman ini diperbarui sendiri.",
    tone: "waiting",
  },
  diserahkan: { text: "Hasil sudah diserahkan. Pendapatan masuk ke saldo Anda setelah klien menerima hasilnya.", tone: "notice" },
  selesai: { text: "Pesanan selesai dan pendapatannya sudah masuk ke saldo Anda.", tone: "notice" },
  sengketa: { text: "Pesanan dalam sengketa. Tim operator Kuasa akan menghubungi Anda; tidak ada langkah yang perlu Anda ambil di sini.", tone: "error" },
  dibatalkan: { text: "Pesanan dibatalkan.", tone: "error" },
  direfund: { text: "Dana pesanan dikembalikan kepada klien oleh tim operator.", tone: "error" },
};

async function loadOrder(orderId: string) {
  const { caller } = await portalPage("practitioner");
  try {
    return await caller.practitioner.order({ orderId });
  } catch (err) {
    // Another practitioner's order, a released one, or a malformed id: the same "not here".
    if (["NOT_FOUND", "VALIDATION"].includes(toApiError(err).code)) notFound();
    throw err;
  }
}

export default async function OrderPage({ params }: { params: Promise<{ id: string }> }) {
  const order = await loadOrder((await params).id);
  const notice = STATUS_NOTICE[order.status];
  return (
    <>
      <p className="back">
        <Link href="/praktisi/pesanan">
          <span aria-hidden="true">← </span>Pesanan saya
        </Link>
      </p>
      <PageTitle lead={order.id}>{order.service.name}</PageTitle>
      <AutoRefresh seconds={5} />
      <div className="order-layout">
        <div className="order-main">
          {notice && (
            <p className={notice.tone === "error" ? "error" : notice.tone === "waiting" ? "waiting" : "notice"} role="status">
              {notice.text}
            </p>
          )}
          {order.deliverable && (
            <Card title="Hasil yang diserahkan">
              <p className="deliverable">{order.deliverable}</p>
            </Card>
          )}
          <Card title="Data dari klien">
            <IntakeList intake={order.intake} labels={order.intakeLabels} />
          </Card>
          <Card title="Percakapan dengan klien">
            <MessageThread messages={order.messages} />
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
              <dd className="amount">{order.earningIdr === null ? "Tidak ada: pesanan tidak dilanjutkan" : formatRupiah(order.earningIdr)}</dd>
              <dt>SLA</dt>
              <dd>{order.service.slaLabel}</dd>
              <dt>Tenggat</dt>
              <dd>{order.slaDueAt ? formatDateTime(order.slaDueAt) : "—"}</dd>
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

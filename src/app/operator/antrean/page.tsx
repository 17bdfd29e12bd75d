import type { Metadata } from "next";
import Link from "next/link";
import { Countdown } from "@/app/_components/countdown";
import { DataTable, type TableParams } from "@/app/_components/data-table";
import { formatDateTime, formatRupiah } from "@/app/_components/format";
import { PageTitle, StatusBadge } from "@/app/_components/ui";
import { portalPage } from "@/server/runtime/portal";
import { CostCancel } from "../_components/cost-cancel";

export const metadata: Metadata = { title: "Antrean pesanan · Operator — Kuasa" };

/** The order's id as the link to its page, where every step the operator may take is one button. */
function OrderLink({ id, service }: { id: string; service: string }) {
  return (
    <>
      <Link href={`/operator/pesanan/${id}`}>
        <code>{id}</code>
      </Link>
      <div className="muted small">{service}</div>
    </>
  );
}

/**
 * A queue's heading with its full count (from the overview): a queue lists at most its oldest 200
 * orders, and says so when there are more.
 */
function QueueHeading({ id, title, shown, total }: { id: string; title: string; shown: number; total: number }) {
  return (
    <>
      <h2 className="section-title" id={id}>
        {title} ({total})
      </h2>
      {total > shown && (
        <p className="muted small">Menampilkan {shown} yang paling lama menunggu. Selesaikan yang ini dulu; sisanya muncul setelahnya.</p>
      )}
    </>
  );
}

export default async function QueuePage({ searchParams }: { searchParams: Promise<TableParams> }) {
  const { caller } = await portalPage("operator");
  const params = await searchParams;
  const [overview, disputes, stalled, breaches, lateReceipts] = await Promise.all([
    caller.operator.overview(),
    caller.operator.disputes(),
    caller.operator.stalledOrders(),
    caller.operator.slaBreaches(),
    caller.operator.lateReceipts(),
  ]);
  // The columns the three queues share.
  const orderColumn = {
    key: "id",
    header: "Pesanan",
    cell: (order: { id: string; service: { name: string } }) => <OrderLink id={order.id} service={order.service.name} />,
  };
  const practitioner = {
    key: "practitioner",
    header: "Praktisi",
    secondary: true,
    cell: (order: { practitioner: { name: string } | null }) => order.practitioner?.name ?? <span className="muted">Belum ada</span>,
  };
  const organization = {
    key: "organization",
    header: "Organisasi",
    cell: (order: { organization: { id: string; name: string } }) => (
      <Link href={`/operator/organisasi/${order.organization.id}`}>{order.organization.name}</Link>
    ),
  };
  const price = {
    key: "price",
    header: "Harga",
    align: "end" as const,
    cell: (order: { priceIdr: number }) => formatRupiah(order.priceIdr),
  };
  return (
    <>
      <PageTitle lead="Pesanan dan biaya resmi live yang menunggu operator, yang paling lama menunggu di atas. Buka pesanan untuk memutuskan: setiap tindakan satu tombol dengan konfirmasi.">
        Antrean pesanan
      </PageTitle>

      <QueueHeading id="sengketa" title="Sengketa" shown={disputes.length} total={Math.max(overview.disputed, disputes.length)} />
      <DataTable
        caption="Sengketa yang menunggu keputusan"
        basePath="/operator/antrean"
        params={params}
        columns={[
          orderColumn,
          organization,
          practitioner,
          { key: "opened", header: "Dibuka", cell: (order) => (order.openedAt ? formatDateTime(order.openedAt) : "—") },
          {
            key: "reason",
            header: "Alasan",
            secondary: true,
            cell: (order) => order.reason ?? <span className="muted">Tanpa alasan tertulis</span>,
          },
          price,
        ]}
        rows={disputes}
        rowKey={(order) => order.id}
        hasMore={false}
        empty={{
          title: "Tidak ada sengketa yang menunggu keputusan.",
          hint: "Sengketa muncul di sini saat klien (agen atau admin organisasi) atau operator membukanya.",
        }}
      />

      <QueueHeading id="macet" title="Tawaran macet" shown={stalled.length} total={Math.max(overview.stalled, stalled.length)} />
      <DataTable
        caption="Pesanan yang tawarannya berhenti"
        basePath="/operator/antrean"
        params={params}
        columns={[
          orderColumn,
          organization,
          { key: "reason", header: "Sebab", secondary: true, cell: (order) => order.reason ?? "—" },
          { key: "since", header: "Macet sejak", cell: (order) => `${formatDateTime(order.stalledAt)} · putaran ${order.round}` },
          {
            key: "refund",
            header: "Refund otomatis",
            cell: (order) =>
              order.refundAt ? (
                <Countdown until={new Date(order.refundAt).toISOString()} />
              ) : (
                <span className="muted">Tidak dijadwalkan</span>
              ),
          },
          price,
        ]}
        rows={stalled}
        rowKey={(order) => order.id}
        hasMore={false}
        empty={{
          title: "Tidak ada pesanan yang macet.",
          hint: "Pesanan muncul di sini bila tidak ada praktisi aktif yang memenuhi syarat atau semuanya sudah menolak pada putaran ini.",
        }}
      />

      <QueueHeading id="sla" title="Pelanggaran SLA" shown={breaches.length} total={Math.max(overview.slaBreaches, breaches.length)} />
      <DataTable
        caption="Pesanan yang melewati tenggat SLA"
        basePath="/operator/antrean"
        params={params}
        columns={[
          orderColumn,
          organization,
          practitioner,
          { key: "status", header: "Status", cell: (order) => <StatusBadge status={order.status} /> },
          {
            key: "due",
            header: "Tenggat",
            cell: (order) => (
              <>
                {order.slaDueAt ? formatDateTime(order.slaDueAt) : "—"}
                <div className="small hint-error">terlewati, tercatat {formatDateTime(order.slaBreachedAt)}</div>
              </>
            ),
          },
          price,
        ]}
        rows={breaches}
        rowKey={(order) => order.id}
        hasMore={false}
        empty={{
          title: "Tidak ada pesanan yang melewati tenggat SLA.",
          hint: "Pesanan yang masih berjalan setelah tenggatnya muncul di sini; hubungi praktisinya atau buka pesanannya.",
        }}
      />

      <QueueHeading id="kuitansi" title="Kuitansi biaya belum diunggah" shown={lateReceipts.length} total={lateReceipts.length} />
      <DataTable
        caption="Biaya resmi disetujui yang kuitansinya terlambat"
        basePath="/operator/antrean"
        params={params}
        columns={[
          { key: "id", header: "Pesanan", cell: (cost) => <OrderLink id={cost.order.id} service={cost.order.service.name} /> },
          organization,
          { key: "practitioner", header: "Praktisi", secondary: true, cell: (cost) => cost.practitioner.name },
          {
            key: "cost",
            header: "Biaya",
            cell: (cost) => (
              <>
                {cost.description}
                <div className="muted small">
                  disetujui {cost.approvedAt ? formatDateTime(cost.approvedAt) : "—"} · <code>{cost.id}</code>
                </div>
              </>
            ),
          },
          { key: "amount", header: "Jumlah", align: "end" as const, cell: (cost) => formatRupiah(cost.amountIdr) },
          {
            key: "cancel",
            header: "Tindakan",
            cell: (cost) => (
              <CostCancel
                orderId={cost.order.id}
                costId={cost.id}
                status={cost.status}
                description={cost.description}
                amount={formatRupiah(cost.amountIdr)}
                organization={cost.order.organization.name}
              />
            ),
          },
        ]}
        rows={lateReceipts.map((cost) => ({ ...cost, organization: cost.order.organization }))}
        rowKey={(cost) => cost.id}
        hasMore={false}
        empty={{
          title: "Tidak ada kuitansi yang terlambat.",
          hint: "Biaya resmi yang disetujui muncul di sini bila praktisi belum mengunggah kuitansinya setelah batas waktu (COST_RECEIPT_DAYS). Hubungi praktisinya, atau batalkan biayanya agar dana kembali ke deposit.",
        }}
      />
    </>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { DataTable, type TableParams, tableQuery } from "@/app/_components/data-table";
import { formatDateTime, formatRupiah, ORDER_STATUS_LABEL } from "@/app/_components/format";
import { PageTitle, StatusBadge } from "@/app/_components/ui";
import { OrderStatus } from "@/generated/prisma/enums";
import { portalPage } from "@/server/runtime/portal";

export const metadata: Metadata = { title: "Pesanan · Operator — Kuasa" };

const FILTERS = ["status", "mode", "organisasi", "dibuat"] as const;
const isStatus = (value: string | undefined): value is OrderStatus => value !== undefined && Object.hasOwn(OrderStatus, value);

export default async function OrdersPage({ searchParams }: { searchParams: Promise<TableParams> }) {
  const { caller } = await portalPage("operator");
  const params = await searchParams;
  const query = tableQuery(params, FILTERS);
  const { status, mode, organisasi, dibuat } = query.filters;
  const [orders, organizations] = await Promise.all([
    caller.operator.orders({
      q: query.q,
      status: isStatus(status) ? status : undefined,
      mode: mode === "live" || mode === "test" ? mode : undefined,
      organizationId: organisasi?.slice(0, 64),
      createdToday: dibuat === "hari_ini" || undefined,
      page: { starting_after: query.starting_after },
    }),
    caller.operator.organizations({ page: { limit: 100 } }),
  ]);
  return (
    <>
      <PageTitle lead="Semua pesanan semua organisasi, terbaru dulu. Buka pesanan untuk melihat riwayat, percakapan, dana, dan tindakan operator.">
        Pesanan
      </PageTitle>
      <DataTable
        caption="Pesanan"
        basePath="/operator/pesanan"
        params={params}
        search={{ label: "Cari pesanan", placeholder: "ID pesanan, organisasi, layanan…" }}
        filters={[
          {
            name: "status",
            label: "Status",
            options: Object.values(OrderStatus)
              .filter((s) => s !== "dibuat")
              .map((s) => ({ value: s, label: ORDER_STATUS_LABEL[s] })),
          },
          {
            name: "mode",
            label: "Mode",
            options: [
              { value: "live", label: "Live (uang sungguhan)" },
              { value: "test", label: "Uji (sandbox)" },
            ],
          },
          { name: "organisasi", label: "Organisasi", options: organizations.data.map((o) => ({ value: o.id, label: o.name })) },
          { name: "dibuat", label: "Dibuat", options: [{ value: "hari_ini", label: "Hari ini (WIB)" }] },
        ]}
        columns={[
          {
            key: "id",
            header: "Pesanan",
            cell: (order) => (
              <>
                <Link href={`/operator/pesanan/${order.id}`}>
                  <code>{order.id}</code>
                </Link>
                <div className="muted small">{order.service.name}</div>
              </>
            ),
          },
          { key: "status", header: "Status", cell: (order) => <StatusBadge status={order.status} /> },
          {
            key: "organization",
            header: "Organisasi",
            cell: (order) => <Link href={`/operator/organisasi/${order.organization.id}`}>{order.organization.name}</Link>,
          },
          {
            key: "practitioner",
            header: "Praktisi",
            secondary: true,
            cell: (order) => order.practitioner?.name ?? <span className="muted">Belum ada</span>,
          },
          {
            key: "mode",
            header: "Mode",
            secondary: true,
            cell: (order) => (order.livemode ? "Live" : <span className="pill pill-test">Uji</span>),
          },
          { key: "created", header: "Dibuat", secondary: true, cell: (order) => formatDateTime(order.createdAt) },
          { key: "price", header: "Harga", align: "end", cell: (order) => formatRupiah(order.priceIdr) },
        ]}
        rows={orders.data}
        rowKey={(order) => order.id}
        hasMore={orders.has_more}
        empty={{ title: "Belum ada pesanan.", hint: "Pesanan muncul di sini saat agen organisasi membuatnya lewat POST /v1/orders." }}
      />
    </>
  );
}

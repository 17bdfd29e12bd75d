import type { Metadata } from "next";
import Link from "next/link";
import { type Column, DataTable, type TableParams, tableQuery } from "@/app/_components/data-table";
import { formatDateTime, formatRupiah, ORDER_STATUS_LABEL } from "@/app/_components/format";
import { hrefWith } from "@/app/_components/table-query";
import { PageTitle, StatusBadge } from "@/app/_components/ui";
import type { OrderStatus } from "@/generated/prisma/enums";
import { orderSearchOf } from "@/server/domain/orders/order-search";
import { portalPage } from "@/server/runtime/portal";
import { inMode, ModeSwitch, modeOf } from "../_components/mode";

export const metadata: Metadata = { title: "Pesanan — Kuasa" };

const STATUSES = Object.keys(ORDER_STATUS_LABEL).filter((s) => s !== "dibuat") as OrderStatus[];
const FILTERS = ["status", "kunci", "tersendat"];

export default async function OrdersPage({ searchParams }: { searchParams: Promise<TableParams> }) {
  const params = await searchParams;
  const mode = modeOf(params);
  const query = tableQuery(params, FILTERS);
  const status = STATUSES.find((s) => s === query.filters.status);
  const search = orderSearchOf(query.q);
  const { caller } = await portalPage("org_admin");
  const [orders, keys] = await Promise.all([
    caller.organization.orders({
      mode,
      q: search.q,
      metadata: search.metadata,
      status,
      apiKeyId: query.filters.kunci,
      stalled: query.filters.tersendat === "ya" || undefined,
      page: { starting_after: query.starting_after },
    }),
    caller.organization.keys(),
  ]);
  type Row = (typeof orders.data)[number];
  const columns: Array<Column<Row>> = [
    {
      key: "order",
      header: "Pesanan",
      cell: (order) => (
        <>
          <Link href={inMode(`/organisasi/pesanan/${order.id}`, mode)}>{order.service}</Link>
          <div className="small muted">
            <code>{order.id}</code>
          </div>
        </>
      ),
    },
    { key: "status", header: "Status", cell: (order) => <StatusBadge status={order.status} /> },
    { key: "price", header: "Harga", align: "end", cell: (order) => formatRupiah(order.priceIdr) },
    { key: "key", header: "Kunci API", secondary: true, cell: (order) => order.apiKey.name || <code>{order.apiKey.keyId}</code> },
    { key: "created", header: "Dibuat", secondary: true, cell: (order) => formatDateTime(order.createdAt) },
  ];
  // The agent's own labels, when any order on the page has them (an empty column would lengthen every phone card).
  if (orders.data.some((order) => Object.keys(order.metadata).length > 0)) {
    columns.splice(2, 0, {
      key: "metadata",
      header: "Metadata",
      cell: (order) => (
        <ul className="metadata-list">
          {Object.entries(order.metadata).map(([key, value]) => (
            <li key={key}>
              <span className="muted">{key}</span> <code>{value}</code>
            </li>
          ))}
        </ul>
      ),
    });
  }
  return (
    <>
      <PageTitle lead="Pesanan yang dibuat agen Anda lewat API dan MCP. Buka pesanan untuk melihat percakapan, hasil, dan langkah yang bisa Anda ambil sebagai klien.">
        Pesanan
      </PageTitle>
      <ModeSwitch basePath="/organisasi/pesanan" mode={mode} what="pesanan" />
      <p className="export-link">
        <a href={hrefWith("/api/organisasi/ekspor/pesanan", params, { starting_after: undefined })} download>
          Unduh CSV (pesanan sesuai saringan)
        </a>
      </p>
      <DataTable
        caption={mode === "test" ? "Pesanan uji (sandbox), terbaru di atas" : "Pesanan, terbaru di atas"}
        basePath="/organisasi/pesanan"
        params={params}
        search={{ label: "Cari pesanan atau metadata (kunci=nilai)", placeholder: "ord_…, layanan, kunci, atau tiket=T-1" }}
        filters={[
          { name: "status", label: "Status", options: STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABEL[s] })) },
          {
            name: "kunci",
            label: "Kunci API",
            options: keys
              .filter((k) => k.mode === mode)
              .map((k) => ({ value: k.id, label: `${k.name || "Tanpa nama"} (${k.keyId})${k.revokedAt ? " — dicabut" : ""}` })),
          },
          { name: "tersendat", label: "Penawaran", options: [{ value: "ya", label: "Tersendat: belum ada praktisi" }] },
        ]}
        columns={columns}
        rows={orders.data}
        rowKey={(order) => order.id}
        hasMore={orders.has_more}
        empty={
          mode === "test"
            ? {
                title: "Belum ada pesanan uji.",
                hint: "Buat kunci uji (kk_test_) di menu Kunci API, lalu panggil POST /v1/orders dengan kunci itu.",
              }
            : {
                title: "Belum ada pesanan.",
                hint: "Pesanan muncul di sini setelah agen Anda memanggil POST /v1/orders dengan kunci API live organisasi ini.",
              }
        }
      />
    </>
  );
}

import Link from "next/link";
import { formatDateTime, formatRupiah } from "@/app/_components/format";
import { EmptyState, PageTitle, StatusBadge } from "@/app/_components/ui";
import { portalPage } from "@/server/portal";
import { AutoRefresh } from "../_components/auto-refresh";

export const dynamic = "force-dynamic";

export default async function MyOrdersPage() {
  const { caller } = await portalPage("practitioner");
  const orders = await caller.practitioner.orders();
  return (
    <>
      <PageTitle lead="Pesanan yang sudah Anda ambil, yang terbaru diperbarui di atas.">Pesanan saya</PageTitle>
      <AutoRefresh seconds={10} />
      {orders.length === 0 ? (
        <EmptyState title="Belum ada pesanan" hint="Pesanan muncul di sini setelah Anda mengambil tawaran di halaman Tawaran." />
      ) : (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Pesanan saya</caption>
            <thead>
              <tr>
                <th scope="col">Layanan</th>
                <th scope="col">Status</th>
                <th scope="col">Pendapatan</th>
                <th scope="col">Tenggat SLA</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <td data-label="Layanan">
                    <div>
                      <Link href={`/praktisi/pesanan/${order.id}`}>{order.service.name}</Link>
                      <div className="muted small">{order.id}</div>
                    </div>
                  </td>
                  <td data-label="Status">
                    <div>
                      <StatusBadge status={order.status} />
                    </div>
                  </td>
                  <td data-label="Pendapatan">{order.earningIdr === null ? <span className="muted">Tidak ada ({order.status})</span> : formatRupiah(order.earningIdr)}</td>
                  <td data-label="Tenggat SLA">
                    <div>
                      {order.slaDueAt ? formatDateTime(order.slaDueAt) : "—"}
                      <div className="muted small">{order.service.slaLabel}</div>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

import Link from "next/link";
import { AutoRefresh } from "@/app/_components/auto-refresh";
import { formatDateTime } from "@/app/_components/format";
import { PageLinks } from "@/app/_components/page-links";
import { EmptyState, PageTitle, StatusBadge } from "@/app/_components/ui";
import { portalPage } from "@/server/runtime/portal";
import { earningText } from "../_components/earning";

export const dynamic = "force-dynamic";

export default async function MyOrdersPage({ searchParams }: { searchParams: Promise<{ setelah?: string }> }) {
  const [{ caller }, { setelah: after }] = await Promise.all([portalPage("practitioner"), searchParams]);
  const orders = await caller.practitioner.orders({ starting_after: after });
  return (
    <>
      <PageTitle lead="Pesanan yang sudah Anda ambil, yang terbaru diperbarui di atas.">Pesanan saya</PageTitle>
      <AutoRefresh seconds={10} />
      {orders.data.length === 0 ? (
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
              {orders.data.map((order) => (
                <tr key={order.id}>
                  <td data-label="Layanan">
                    <div>
                      <Link href={`/praktisi/pesanan/${order.id}`}>{order.service.name}</Link>
                      <div className="muted small">
                        {order.id}
                        {order.caseId && " · dari papan kasus"}
                      </div>
                    </div>
                  </td>
                  <td data-label="Status">
                    <div>
                      <StatusBadge status={order.status} />
                      {order.status === "dikerjakan" && order.revisionCount > 0 && (
                        <div className="small waiting-text">Revisi ke-{order.revisionCount} diminta</div>
                      )}
                    </div>
                  </td>
                  <td data-label="Pendapatan" className={order.earningIdr === null ? "muted" : undefined}>
                    {earningText(order)}
                  </td>
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
      <PageLinks path="/praktisi/pesanan" label="pesanan saya" after={after} hasMore={orders.has_more} lastId={orders.data.at(-1)?.id} />
    </>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { formatDateTime, formatRupiah } from "@/app/_components/format";
import { EmptyState, PageTitle, StatusBadge } from "@/app/_components/ui";
import { portalPage } from "@/server/portal";
import { IntakeFacts } from "../_components/intake";
import { OrderTimeline } from "../_components/order-timeline";

export const metadata: Metadata = { title: "Pesanan — Kuasa" };

export default async function OrdersPage() {
  const { caller } = await portalPage("org_admin");
  const orders = await caller.organization.orders({});
  return (
    <>
      <PageTitle lead="Pesanan yang dibuat agen Anda lewat API dan MCP. Buka pesanan untuk melihat percakapan, hasil, dan langkah yang bisa Anda ambil sebagai klien.">Pesanan</PageTitle>
      {orders.length === 0 ? (
        <EmptyState title="Belum ada pesanan." hint="Pesanan muncul di sini setelah agen Anda memanggil POST /v1/orders dengan kunci API organisasi ini." />
      ) : (
        <ul className="plain-list">
          {orders.map((order) => (
            <li key={order.id}>
              <article className="card" aria-labelledby={`${order.id}-title`}>
                <header className="card-head">
                  <div>
                    <h2 id={`${order.id}-title`}>
                      <Link href={`/organisasi/pesanan/${order.id}`}>{order.service}</Link>
                    </h2>
                    <p className="muted small">
                      <code>{order.id}</code> · dibuat {formatDateTime(order.createdAt)} · kunci {order.apiKey.name || "tanpa nama"} (<code>{order.apiKey.keyId}</code>)
                    </p>
                  </div>
                  <div className="order-card-side">
                    <StatusBadge status={order.status} />
                    <p className="price">{formatRupiah(order.priceIdr)}</p>
                  </div>
                </header>
                {order.status === "menunggu_bayar" && (
                  <p className="waiting">
                    Menunggu keputusan Anda. <Link href="/organisasi/persetujuan">Buka Persetujuan</Link>
                  </p>
                )}
                {order.status === "diserahkan" && (
                  <p className="waiting">
                    Hasil sudah diserahkan: terima, minta revisi, atau ajukan sengketa. <Link href={`/organisasi/pesanan/${order.id}`}>Buka pesanan</Link>
                  </p>
                )}
                <details className="disclosure">
                  <summary>Riwayat status ({order.events.length + 1})</summary>
                  <OrderTimeline createdAt={order.createdAt} events={order.events} />
                  {order.events.length > 0 && (
                    <p className="small">
                      <Link href={`/organisasi/webhook?order=${encodeURIComponent(order.id)}`}>Lihat pengiriman webhook pesanan ini</Link>
                    </p>
                  )}
                </details>
                <details className="disclosure">
                  <summary>Data intake</summary>
                  <IntakeFacts intake={order.intake} />
                </details>
              </article>
            </li>
          ))}
        </ul>
      )}
      {orders.length >= 100 && <p className="muted small">Menampilkan 100 pesanan terbaru.</p>}
    </>
  );
}

import type { Metadata } from "next";
import { formatDateTime, formatRupiah } from "@/app/_components/format";
import { Card, EmptyState, PageTitle } from "@/app/_components/ui";
import { portalPage } from "@/server/portal";
import { OrderActionForm, StalledOrderActions } from "../_components/order-actions";

export const metadata: Metadata = { title: "Antrean pesanan · Operator — Kuasa" };

export default async function QueuePage({ searchParams }: { searchParams: Promise<{ ditawarkan?: string; direfund?: string }> }) {
  const { caller } = await portalPage("operator");
  const handled = await searchParams;
  const stalled = await caller.operator.stalledOrders();
  return (
    <>
      <PageTitle lead="Pesanan yang tawarannya berhenti (tidak ada praktisi yang cocok, atau semua sudah menolak), dan tindakan operator atas pesanan mana pun.">
        Antrean pesanan
      </PageTitle>
      {handled.ditawarkan && (
        <p className="notice" role="status">
          Putaran tawaran baru dimulai untuk <code>{handled.ditawarkan}</code>. Bila masih tidak ada praktisi yang cocok, pesanan kembali ke antrean ini.
        </p>
      )}
      {handled.direfund && (
        <p className="notice" role="status">
          Pesanan <code>{handled.direfund}</code> direfund; dananya kembali ke deposit organisasi.
        </p>
      )}
      <h2 className="section-title">Tawaran macet ({stalled.length})</h2>
      {stalled.length === 0 ? (
        <EmptyState title="Tidak ada pesanan yang macet." hint="Pesanan muncul di sini bila tidak ada praktisi aktif yang memenuhi syarat atau semuanya sudah menerima tawaran pada putaran ini." />
      ) : (
        <ul className="plain-list">
          {stalled.map((order) => (
            <li key={order.id}>
              <article className="card" aria-labelledby={`${order.id}-title`}>
                <header className="card-head">
                  <div>
                    <h3 id={`${order.id}-title`}>
                      <code>{order.id}</code>
                    </h3>
                    <p className="muted small">
                      {order.service.name} · {order.organization.name} · putaran {order.round} · macet sejak {formatDateTime(order.stalledAt)}
                      {order.refundAt && <> · direfund otomatis {formatDateTime(order.refundAt)}</>}
                    </p>
                  </div>
                  <p className="price">{formatRupiah(order.priceIdr)}</p>
                </header>
                <p className="waiting">{order.reason}</p>
                <StalledOrderActions orderId={order.id} />
              </article>
            </li>
          ))}
        </ul>
      )}
      <Card title="Tindakan atas pesanan">
        <OrderActionForm />
      </Card>
    </>
  );
}

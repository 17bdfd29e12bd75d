import type { Metadata } from "next";
import type { ReactNode } from "react";
import { Countdown } from "@/app/_components/countdown";
import { formatDateTime, formatRupiah } from "@/app/_components/format";
import { Card, EmptyState, PageTitle, StatusBadge } from "@/app/_components/ui";
import { portalPage } from "@/server/portal";
import { DisputeActions, OrderActionForm, StalledOrderActions } from "../_components/order-actions";

export const metadata: Metadata = { title: "Antrean pesanan · Operator — Kuasa" };

/** What the queue says after the operator moved an order out of it. */
const HANDLED = {
  ditawarkan: (id: string) => `Putaran tawaran baru dimulai untuk ${id}. Bila masih tidak ada praktisi yang cocok, pesanan kembali ke antrean ini.`,
  direfund: (id: string) => `Pesanan ${id} direfund; dananya kembali ke deposit organisasi.`,
  dimenangkan: (id: string) => `Sengketa ${id} diputuskan untuk praktisi: escrow dilepas ke praktisi dan platform, pesanan selesai.`,
  dilanjutkan: (id: string) => `Sengketa ${id} selesai: pesanan kembali dikerjakan praktisi yang sama.`,
} as const;

type Handled = Partial<Record<keyof typeof HANDLED, string>>;

/** One order of a queue: its id and facts, its amount, then what the queue needs of the operator. */
function QueueCard({ id, facts, priceIdr, children }: { id: string; facts: ReactNode; priceIdr: number; children: ReactNode }) {
  return (
    <li>
      <article className="card" aria-labelledby={`${id}-title`}>
        <header className="card-head">
          <div>
            <h3 id={`${id}-title`}>
              <code>{id}</code>
            </h3>
            <p className="muted small">{facts}</p>
          </div>
          <p className="price">{formatRupiah(priceIdr)}</p>
        </header>
        {children}
      </article>
    </li>
  );
}

export default async function QueuePage({ searchParams }: { searchParams: Promise<Handled> }) {
  const { caller } = await portalPage("operator");
  const handled = await searchParams;
  const [disputes, stalled, breaches] = await Promise.all([caller.operator.disputes(), caller.operator.stalledOrders(), caller.operator.slaBreaches()]);
  const notices = (Object.keys(HANDLED) as Array<keyof typeof HANDLED>).filter((key) => handled[key]).map((key) => HANDLED[key](handled[key]!));
  return (
    <>
      <PageTitle lead="Pesanan yang menunggu operator: sengketa untuk diputuskan, tawaran yang berhenti, dan pesanan yang melewati tenggat SLA; di bawahnya tindakan atas pesanan mana pun.">
        Antrean pesanan
      </PageTitle>
      {notices.map((text) => (
        <p key={text} className="notice" role="status">
          {text}
        </p>
      ))}

      <h2 className="section-title">Sengketa ({disputes.length})</h2>
      {disputes.length === 0 ? (
        <EmptyState title="Tidak ada sengketa yang menunggu keputusan." hint="Sengketa muncul di sini saat klien (agen atau admin organisasi) atau operator membukanya." />
      ) : (
        <ul className="plain-list">
          {disputes.map((order) => (
            <QueueCard
              key={order.id}
              id={order.id}
              priceIdr={order.priceIdr}
              facts={
                <>
                  {order.service.name} · {order.organization.name} · praktisi {order.practitioner?.name ?? "belum ada"}
                  {order.openedAt && <> · dibuka {formatDateTime(order.openedAt)}</>}
                </>
              }
            >
              <p className="small muted">Alasan</p>
              <p className="quote">{order.reason ?? "Tanpa alasan tertulis."}</p>
              <DisputeActions order={{ id: order.id, service: order.service.name, price: formatRupiah(order.priceIdr), organization: order.organization.name }} />
            </QueueCard>
          ))}
        </ul>
      )}

      <h2 className="section-title">Tawaran macet ({stalled.length})</h2>
      {stalled.length === 0 ? (
        <EmptyState title="Tidak ada pesanan yang macet." hint="Pesanan muncul di sini bila tidak ada praktisi aktif yang memenuhi syarat atau semuanya sudah menerima tawaran pada putaran ini." />
      ) : (
        <ul className="plain-list">
          {stalled.map((order) => (
            <QueueCard
              key={order.id}
              id={order.id}
              priceIdr={order.priceIdr}
              facts={`${order.service.name} · ${order.organization.name} · putaran ${order.round} · macet sejak ${formatDateTime(order.stalledAt)}`}
            >
              <p className="waiting">{order.reason}</p>
              {order.refundAt && (
                <p className="refund-timer">
                  Direfund otomatis {formatDateTime(order.refundAt)} bila tidak ditawarkan lagi: <Countdown until={new Date(order.refundAt).toISOString()} />
                </p>
              )}
              <StalledOrderActions orderId={order.id} />
            </QueueCard>
          ))}
        </ul>
      )}

      <h2 className="section-title">Pelanggaran SLA ({breaches.length})</h2>
      {breaches.length === 0 ? (
        <EmptyState title="Tidak ada pesanan yang melewati tenggat SLA." hint="Pesanan yang masih berjalan setelah tenggatnya muncul di sini; hubungi praktisinya atau ambil tindakan di bawah." />
      ) : (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Pesanan yang melewati tenggat SLA</caption>
            <thead>
              <tr>
                <th scope="col">Pesanan</th>
                <th scope="col">Organisasi</th>
                <th scope="col">Praktisi</th>
                <th scope="col">Status</th>
                <th scope="col">Tenggat</th>
                <th scope="col" className="num">
                  Harga
                </th>
              </tr>
            </thead>
            <tbody>
              {breaches.map((order) => (
                <tr key={order.id}>
                  <td data-label="Pesanan">
                    <div>
                      <code>{order.id}</code>
                      <div className="muted small">{order.service.name}</div>
                    </div>
                  </td>
                  <td data-label="Organisasi">{order.organization.name}</td>
                  <td data-label="Praktisi">{order.practitioner?.name ?? <span className="muted">Belum ada</span>}</td>
                  <td data-label="Status">
                    <div>
                      <StatusBadge status={order.status} />
                    </div>
                  </td>
                  <td data-label="Tenggat">
                    <div>
                      {order.slaDueAt ? formatDateTime(order.slaDueAt) : "—"}
                      <div className="small hint-error">terlewati, tercatat {formatDateTime(order.slaBreachedAt)}</div>
                    </div>
                  </td>
                  <td data-label="Harga" className="num">
                    {formatRupiah(order.priceIdr)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2 className="section-title">Tindakan atas pesanan</h2>
      <Card>
        <OrderActionForm />
      </Card>
    </>
  );
}

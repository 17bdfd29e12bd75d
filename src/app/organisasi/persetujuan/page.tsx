import type { Metadata } from "next";
import Link from "next/link";
import { CostList } from "@/app/_components/cost-list";
import { formatDateTime, formatRupiah } from "@/app/_components/format";
import { IntakeList } from "@/app/_components/order-parts";
import type { TableParams } from "@/app/_components/table-query";
import { EmptyState, PageTitle } from "@/app/_components/ui";
import { portalPage } from "@/server/runtime/portal";
import { ApprovalActions } from "../_components/approval-actions";
import { CostDecision } from "../_components/cost-decision";
import { inMode, ModeSwitch, modeOf } from "../_components/mode";

export const metadata: Metadata = { title: "Persetujuan — Kuasa" };

export default async function ApprovalsPage({
  searchParams,
}: {
  searchParams: Promise<TableParams & { disetujui?: string; ditolak?: string }>;
}) {
  const { caller } = await portalPage("org_admin");
  const decided = await searchParams;
  const mode = modeOf(decided);
  const [waiting, overview, costs, pendingOrders, pendingCosts] = await Promise.all([
    caller.organization.orders({ mode, status: "menunggu_bayar", page: { limit: 100 } }),
    caller.organization.overview(),
    caller.organization.undecidedCosts({ mode }),
    caller.organization.pendingApprovals(),
    caller.organization.pendingCosts(),
  ]);
  const orders = waiting.data;
  const deposit = overview.depositIdr[mode];
  return (
    <>
      <PageTitle lead="Pesanan di atas ambang persetujuan, dan biaya resmi yang diajukan praktisi, menunggu keputusan sebelum dibayar dari deposit.">
        Persetujuan
      </PageTitle>
      <ModeSwitch
        basePath="/organisasi/persetujuan"
        mode={mode}
        what="persetujuan"
        waiting={{ live: pendingOrders.live + pendingCosts.live, test: pendingOrders.test + pendingCosts.test }}
      />
      <p className="muted">
        Saldo deposit: <strong>{formatRupiah(deposit)}</strong> · Ambang:{" "}
        <strong>{overview.approvalThresholdIdr === null ? "tidak ada" : formatRupiah(overview.approvalThresholdIdr)}</strong> (
        <Link href="/organisasi">ubah</Link>)
      </p>
      {decided.disetujui && (
        <p className="notice" role="status">
          Pesanan <code>{decided.disetujui}</code> disetujui dan dibayar dari deposit. Pantau statusnya di{" "}
          <Link href={inMode("/organisasi/pesanan", mode)}>Pesanan</Link>.
        </p>
      )}
      {decided.ditolak && (
        <p className="notice" role="status">
          Pesanan <code>{decided.ditolak}</code> ditolak dan dibatalkan.
        </p>
      )}
      {orders.length === 0 ? (
        <EmptyState title="Tidak ada pesanan yang menunggu persetujuan." hint="Pesanan baru di atas ambang akan muncul di sini." />
      ) : (
        <ul className="plain-list">
          {orders.map((order) => (
            <li key={order.id}>
              <article className="card approval" aria-labelledby={`${order.id}-title`}>
                <header className="card-head">
                  <div>
                    <h2 id={`${order.id}-title`}>
                      <Link href={inMode(`/organisasi/pesanan/${order.id}`, mode)}>{order.service}</Link>
                    </h2>
                    <p className="muted small">
                      <code>{order.id}</code> · dibuat {formatDateTime(order.createdAt)}
                    </p>
                  </div>
                  <p className="price">{formatRupiah(order.priceIdr)}</p>
                </header>
                <p className="placed-by">
                  Dipesan dengan kunci API <strong>{order.apiKey.name || "tanpa nama"}</strong> (<code>{order.apiKey.keyId}</code>)
                </p>
                <IntakeList intake={order.intake} labels={order.intakeLabels} />
                {order.priceIdr > deposit && (
                  <p className="waiting">
                    Deposit ({formatRupiah(deposit)}) belum cukup untuk pesanan ini. Minta tim operator Kuasa menambah deposit sebelum
                    menyetujui, atau tolak pesanan.
                  </p>
                )}
                <ApprovalActions orderId={order.id} service={order.service} price={formatRupiah(order.priceIdr)} mode={mode} />
              </article>
            </li>
          ))}
        </ul>
      )}
      {waiting.has_more && (
        <p className="muted small">
          Menampilkan 100 pesanan terbaru yang menunggu.{" "}
          <Link href={inMode("/organisasi/pesanan?status=menunggu_bayar", mode)}>Lihat semuanya di Pesanan</Link>
        </p>
      )}
      <h2 className="section-title">Biaya resmi</h2>
      <p className="muted">
        Biaya pihak ketiga (PNBP, notaris, meterai) yang diajukan praktisi pada pesanan yang sedang dikerjakan. Agen Anda bisa memutuskannya
        lewat API; yang di atas ambang menunggu Anda.
      </p>
      <section className="card" aria-label="Biaya resmi menunggu keputusan">
        <CostList
          costs={costs}
          empty="Tidak ada biaya resmi yang menunggu keputusan."
          actions={(cost) => (
            <>
              <p className="small">
                <Link href={inMode(`/organisasi/pesanan/${cost.order.id}`, mode)}>{cost.order.service.name}</Link> ·{" "}
                <code>{cost.order.id}</code>
                {cost.order.practitioner && <> · diajukan oleh {cost.order.practitioner.name}</>}
              </p>
              {cost.amountIdr > deposit && (
                <p className="waiting">
                  Deposit ({formatRupiah(deposit)}) belum cukup untuk biaya ini. Minta tim operator Kuasa menambah deposit, atau tolak.
                </p>
              )}
              <CostDecision orderId={cost.order.id} costId={cost.id} description={cost.description} amount={formatRupiah(cost.amountIdr)} />
            </>
          )}
        />
      </section>
    </>
  );
}

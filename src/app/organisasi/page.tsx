import type { Metadata } from "next";
import Link from "next/link";
import { formatDateTime, formatRupiah } from "@/app/_components/format";
import { Card, EmptyState, PageTitle } from "@/app/_components/ui";
import { portalPage } from "@/server/portal";
import { OrganizationStatusNotice } from "./_components/status-notice";
import { ThresholdForm } from "./_components/threshold-form";

// Ledger transfer kinds as the admin reads them on their deposit statement.
const ENTRY_LABEL: Record<string, string> = {
  deposit_topup: "Setoran deposit",
  order_payment: "Pembayaran pesanan",
  order_refund: "Pengembalian dana pesanan",
  invoice_payment: "Pembayaran tagihan kasus",
  invoice_fee: "Biaya platform tagihan kasus",
};

export const metadata: Metadata = { title: "Ringkasan organisasi — Kuasa" };

export default async function OverviewPage() {
  const { caller } = await portalPage("org_admin");
  const overview = await caller.organization.overview();
  const { deposit } = overview;
  return (
    <>
      <PageTitle lead="Deposit, mutasi, dan aturan persetujuan pesanan organisasi Anda.">{overview.name}</PageTitle>
      <OrganizationStatusNotice status={overview.status} />

      <div className="stats">
        <div className="stat">
          <p className="stat-label">Saldo deposit</p>
          <p className="stat-value">{formatRupiah(deposit.balanceIdr)}</p>
          <p className="muted small">Pesanan dibayar dari deposit ini. Untuk menambah, transfer ke Kuasa lalu kirim bukti ke tim operator.</p>
        </div>
        <div className="stat">
          <p className="stat-label">Ambang persetujuan</p>
          <p className="stat-value">{overview.approvalThresholdIdr === null ? "Tidak ada" : formatRupiah(overview.approvalThresholdIdr)}</p>
          <p className="muted small">
            {overview.approvalThresholdIdr === null
              ? "Semua pesanan langsung dibayar dari deposit."
              : "Pesanan di atas ambang ini menunggu persetujuan Anda."}{" "}
            <Link href="/organisasi/persetujuan">Lihat persetujuan</Link>
          </p>
        </div>
      </div>

      <Card title="Ambang persetujuan">
        <ThresholdForm current={overview.approvalThresholdIdr} />
      </Card>

      <Card title="Mutasi deposit">
        {deposit.entries.length === 0 ? (
          <EmptyState title="Belum ada mutasi." hint="Setoran, pembayaran pesanan, dan pengembalian dana akan tampil di sini." />
        ) : (
          <>
            <div className="table-wrap">
              <table>
                <caption className="visually-hidden">Mutasi deposit, terbaru di atas</caption>
                <thead>
                  <tr>
                    <th scope="col">Waktu</th>
                    <th scope="col">Keterangan</th>
                    <th scope="col">Referensi</th>
                    <th scope="col" className="num">
                      Jumlah
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {deposit.entries.map((entry) => (
                    <tr key={entry.id}>
                      <td data-label="Waktu">{formatDateTime(entry.createdAt)}</td>
                      <td data-label="Keterangan">{ENTRY_LABEL[entry.kind] ?? entry.kind}</td>
                      <td data-label="Referensi">{entry.reference ? <code>{entry.reference}</code> : <span className="muted">—</span>}</td>
                      <td data-label="Jumlah" className={`num ${entry.amountIdr < 0 ? "negative" : "positive"}`}>
                        {entry.amountIdr > 0 ? "+" : "−"}
                        {formatRupiah(Math.abs(entry.amountIdr))}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="muted small">Menampilkan 50 mutasi terbaru.</p>
          </>
        )}
      </Card>
    </>
  );
}

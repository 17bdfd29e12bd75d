import Link from "next/link";
import { formatDateTime, formatRupiah } from "@/app/_components/format";
import { Card, EmptyState, PageTitle } from "@/app/_components/ui";
import { portalPage } from "@/server/portal";

export const dynamic = "force-dynamic";

/** Ledger transfer kinds that reach a practitioner's account, as a practitioner reads them. */
const ENTRY_LABEL: Record<string, string> = {
  escrow_release: "Pembayaran pesanan (escrow dilepas)",
};

export default async function EarningsPage() {
  const { caller } = await portalPage("practitioner");
  const { balanceIdr, entries } = await caller.practitioner.earnings();
  return (
    <>
      <PageTitle lead="Pendapatan masuk ke saldo Anda ketika klien menerima hasil pekerjaan dan dana escrow dilepas.">Pendapatan</PageTitle>
      <Card title="Saldo Anda">
        <p className="balance">{formatRupiah(balanceIdr)}</p>
        <p className="muted small">Pesanan yang hasilnya belum diterima klien belum dihitung di sini.</p>
      </Card>
      <h2 className="section-title">Riwayat</h2>
      {entries.length === 0 ? (
        <EmptyState title="Belum ada pendapatan" hint="Riwayat muncul setelah klien menerima hasil pesanan pertama Anda." />
      ) : (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Riwayat pendapatan</caption>
            <thead>
              <tr>
                <th scope="col">Waktu</th>
                <th scope="col">Keterangan</th>
                <th scope="col" className="num">
                  Jumlah
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td data-label="Waktu">{formatDateTime(entry.createdAt)}</td>
                  <td data-label="Keterangan">
                    <div>
                      {ENTRY_LABEL[entry.kind] ?? (entry.description || entry.kind)}
                      {entry.reference?.startsWith("ord_") && (
                        <div className="small">
                          <Link href={`/praktisi/pesanan/${entry.reference}`}>{entry.reference}</Link>
                        </div>
                      )}
                    </div>
                  </td>
                  <td data-label="Jumlah" className={`num ${entry.amountIdr < 0 ? "negative" : "positive"}`}>
                    {entry.amountIdr > 0 ? "+" : ""}
                    {formatRupiah(entry.amountIdr)}
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

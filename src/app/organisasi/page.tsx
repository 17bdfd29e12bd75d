import type { Metadata } from "next";
import Link from "next/link";
import { formatRupiah } from "@/app/_components/format";
import { StatementTable } from "@/app/_components/statement-table";
import { firstPageHref, nextPageHref, type TableParams, tableQuery } from "@/app/_components/table-query";
import { Card, PageTitle } from "@/app/_components/ui";
import { ledgerKindLabel } from "@/server/domain/money/ledger-labels";
import { portalPage } from "@/server/runtime/portal";
import { AttentionList } from "./_components/attention";
import { inMode, ModeSwitch, modeOf } from "./_components/mode";
import { SpendChart } from "./_components/spend-chart";
import { OrganizationStatusNotice } from "./_components/status-notice";
import { ThresholdForm } from "./_components/threshold-form";
import { TopUpInstructions } from "./_components/top-up-instructions";

export const metadata: Metadata = { title: "Ringkasan organisasi — Kuasa" };

export default async function OverviewPage({ searchParams }: { searchParams: Promise<TableParams> }) {
  const params = await searchParams;
  const mode = modeOf(params);
  const { starting_after } = tableQuery(params, []);
  const { caller } = await portalPage("org_admin");
  const [overview, statement, spend, attention, topUp] = await Promise.all([
    caller.organization.overview(),
    caller.organization.statement({ mode, page: { starting_after } }),
    caller.organization.spend({ mode }),
    caller.organization.attention({ mode }),
    caller.organization.topUpInstructions(),
  ]);
  const test = mode === "test";
  const last = statement.data.at(-1);
  return (
    <>
      <PageTitle lead="Deposit, belanja, mutasi, dan aturan persetujuan pesanan organisasi Anda.">{overview.name}</PageTitle>
      <OrganizationStatusNotice status={overview.status} />
      <ModeSwitch basePath="/organisasi" mode={mode} what="deposit dan belanja" />

      <section className="card" aria-labelledby="perlu-perhatian-title">
        <h2 id="perlu-perhatian-title">{test ? "Perlu perhatian (uji)" : "Perlu perhatian"}</h2>
        <AttentionList attention={attention} mode={mode} />
      </section>

      <div className="stats">
        <div className="stat">
          <p className="stat-label">{test ? "Saldo deposit uji" : "Saldo deposit"}</p>
          <p className="stat-value">{formatRupiah(statement.balanceIdr)}</p>
          <p className="muted small">
            {test ? (
              <>
                Uang uji untuk pesanan dengan kunci <code>kk_test_</code>. Tambah dengan POST /v1/test_helpers/deposit/top_up.
              </>
            ) : (
              <>
                Pesanan dibayar dari deposit ini. <a href="#cara-menambah-deposit">Cara menambah deposit</a>
              </>
            )}
          </p>
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

      <Card title={test ? "Belanja uji per bulan" : "Belanja per bulan"}>
        <SpendChart
          months={spend}
          caption={`${test ? "Belanja uji" : "Belanja"} per bulan (WIB), 12 bulan terakhir: harga pesanan yang dibayar dari deposit`}
        />
      </Card>

      <Card
        title={test ? "Mutasi deposit uji" : "Mutasi deposit"}
        actions={
          <a className="button secondary" href={inMode("/api/organisasi/ekspor/mutasi", mode)} download>
            Unduh CSV
          </a>
        }
      >
        <StatementTable
          caption="Mutasi deposit, terbaru di atas, dengan saldo setelah setiap mutasi"
          rows={statement.data.map((entry) => ({
            id: entry.id,
            at: entry.createdAt,
            description: ledgerKindLabel(entry.kind),
            reference: entry.reference
              ? {
                  label: entry.reference,
                  href: entry.reference.startsWith("ord_") ? inMode(`/organisasi/pesanan/${entry.reference}`, mode) : undefined,
                }
              : undefined,
            amountIdr: entry.amountIdr,
            balanceIdr: entry.balanceAfterIdr,
          }))}
          empty={
            test
              ? {
                  title: "Belum ada mutasi uji.",
                  hint: "Isi deposit uji dengan POST /v1/test_helpers/deposit/top_up memakai kunci kk_test_.",
                }
              : { title: "Belum ada mutasi.", hint: "Setoran, pembayaran pesanan, dan pengembalian dana akan tampil di sini." }
          }
        />
        {(starting_after || statement.has_more) && (
          <nav className="table-pages" aria-label="Halaman mutasi deposit">
            {starting_after && (
              <Link href={firstPageHref("/organisasi", params)} className="button secondary">
                ← Ke awal
              </Link>
            )}
            {statement.has_more && last && (
              <Link href={nextPageHref("/organisasi", params, last.id)} className="button secondary">
                Mutasi lebih lama →
              </Link>
            )}
          </nav>
        )}
      </Card>

      {!test && (
        <section className="card" id="cara-menambah-deposit" aria-labelledby="cara-menambah-deposit-title">
          <h2 id="cara-menambah-deposit-title">Cara menambah deposit</h2>
          <TopUpInstructions instructions={topUp} />
        </section>
      )}

      <Card title="Ambang persetujuan">
        <ThresholdForm current={overview.approvalThresholdIdr} />
      </Card>
    </>
  );
}

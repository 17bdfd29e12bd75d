import type { Metadata } from "next";
import Link from "next/link";
import { BankAccountStatus } from "@/app/_components/bank-account-status";
import { CostList } from "@/app/_components/cost-list";
import { formatRupiah } from "@/app/_components/format";
import { PageLinks } from "@/app/_components/page-links";
import { StatementTable } from "@/app/_components/statement-table";
import { PageTitle } from "@/app/_components/ui";
import { toApiError } from "@/server/api/api-error";
import { jakartaMonthsUpTo } from "@/server/domain/clock";
import { portalPage } from "@/server/runtime/portal";
import { ReceiptForm } from "../_components/cost-forms";
import { Figure } from "../_components/figure";
import { DeliveryStats } from "./delivery-stats";
import { EarningsStatementCard } from "./earnings-statement";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Pendapatan · Praktisi — Kuasa" };

/** Months offered for the monthly statement: two years back from the current one. */
const MONTHS_OFFERED = 24;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export default async function EarningsPage({ searchParams }: { searchParams: Promise<{ setelah?: string; laporan?: string }> }) {
  const [{ caller }, { setelah: after, laporan: asked }] = await Promise.all([portalPage("practitioner"), searchParams]);
  const [earnings, statement, costs, bankAccount, deliveryStats, monthly] = await Promise.all([
    caller.practitioner.earnings(),
    caller.practitioner.statement({ page: { starting_after: after } }),
    caller.practitioner.costs(),
    caller.practitioner.bankAccount(),
    caller.practitioner.deliveryStats(),
    // A month not yet begun (or mistyped) in the URL shows the current one.
    caller.practitioner.earningsStatement({ month: asked && MONTH.test(asked) ? asked : undefined }).catch((err: unknown) => {
      if (toApiError(err).code !== "VALIDATION") throw err;
      return caller.practitioner.earningsStatement({});
    }),
  ]);
  const recent = jakartaMonthsUpTo(monthly.generatedAt, MONTHS_OFFERED).reverse();
  const months = recent.includes(monthly.month) ? recent : [...recent, monthly.month];
  const toReceipt = costs.filter((cost) => cost.status === "disetujui").length;
  return (
    <>
      <PageTitle lead="Fee Anda masuk ke saldo ketika klien menerima hasil pekerjaan dan dana escrow dilepas. Selama pesanan dikerjakan, fee itu aman di escrow.">
        Pendapatan
      </PageTitle>
      <section className="card" aria-label="Rekening pencairan">
        {bankAccount ? (
          <p className="row">
            <span>
              Rekening pencairan:{" "}
              <strong>
                {bankAccount.bankName} {bankAccount.maskedNumber} a.n. {bankAccount.holderName}
              </strong>
            </span>
            <BankAccountStatus verifiedAt={bankAccount.verifiedAt} />
            <Link href="/praktisi/profil">Ganti rekening</Link>
          </p>
        ) : (
          <p>
            Belum ada rekening pencairan: saldo tersedia belum bisa ditransfer. <Link href="/praktisi/profil">Isi rekening di Profil</Link>.
          </p>
        )}
      </section>
      {/* Four figures read best two by two: three and one left the total alone on a row. */}
      <div className="stats pairs">
        <Figure
          label="Saldo tersedia"
          value={formatRupiah(earnings.availableIdr)}
          hint="Sudah dilepas dari escrow dan menjadi hak Anda; belum dicairkan ke rekening."
        />
        <Figure
          label="Dalam escrow"
          value={formatRupiah(earnings.inEscrowIdr)}
          hint={
            earnings.ordersInEscrow === 0
              ? "Tidak ada pesanan yang sedang berjalan."
              : `Fee dari ${earnings.ordersInEscrow} pesanan yang sedang berjalan; masuk ke saldo setelah klien menerima hasilnya.`
          }
        />
        <Figure
          label="Sudah dicairkan"
          value={formatRupiah(earnings.paidOutIdr)}
          hint={
            earnings.paidOutIdr > 0
              ? "Ditransfer tim Kuasa ke rekening Anda; rekening tujuan dan referensi transfernya ada di riwayat saldo."
              : "Belum ada pencairan. Tim Kuasa mentransfer saldo tersedia ke rekening terverifikasi Anda."
          }
        />
        <Figure
          label="Total pendapatan"
          value={formatRupiah(earnings.earnedIdr)}
          hint="Semua fee yang pernah masuk ke saldo Anda sejak awal, tanpa penggantian biaya resmi."
        />
      </div>
      <h2 className="section-title">Biaya resmi</h2>
      <div className="stats">
        <Figure
          label="Penggantian biaya resmi"
          value={formatRupiah(earnings.reimbursedIdr)}
          hint="Biaya resmi (PNBP, notaris, meterai) yang Anda bayar dan sudah diganti setelah kuitansinya diunggah. Masuk ke saldo tersedia, bukan pendapatan."
        />
      </div>
      {toReceipt > 0 && (
        <p className="waiting" role="status">
          {toReceipt} biaya resmi sudah disetujui dan menunggu kuitansi Anda. Unggah kuitansinya di bawah agar jumlahnya diganti.
        </p>
      )}
      <section className="card" aria-label="Biaya resmi Anda">
        <CostList
          costs={costs}
          empty="Belum ada biaya resmi. Ajukan biaya seperti PNBP dari halaman pesanan yang sedang Anda kerjakan."
          actions={(cost) => (
            <>
              <p className="small">
                <Link href={`/praktisi/pesanan/${cost.order.id}`}>{cost.order.service.name}</Link> · <code>{cost.order.id}</code>
              </p>
              {cost.status === "disetujui" && <ReceiptForm orderId={cost.order.id} costId={cost.id} />}
            </>
          )}
        />
      </section>
      <DeliveryStats figures={deliveryStats} />
      <EarningsStatementCard statement={monthly} months={months} kept={{ setelah: after }} />
      <h2 className="section-title">Riwayat saldo</h2>
      <StatementTable
        caption="Riwayat saldo pendapatan, terbaru di atas"
        rows={statement.data}
        empty={{
          title: "Belum ada pendapatan",
          hint: "Riwayat muncul setelah klien menerima hasil pesanan pertama Anda. Ambil tawaran di halaman Tawaran untuk mulai.",
        }}
      />
      <PageLinks
        path="/praktisi/pendapatan"
        label="riwayat saldo"
        after={after}
        hasMore={statement.has_more}
        lastId={statement.data.at(-1)?.id}
      />
    </>
  );
}

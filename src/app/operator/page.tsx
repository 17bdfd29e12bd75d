import type { Metadata } from "next";
import Link from "next/link";
import { formatRupiah, ORDER_STATUS_LABEL } from "@/app/_components/format";
import { PageTitle } from "@/app/_components/ui";
import { portalPage } from "@/server/runtime/portal";

export const metadata: Metadata = { title: "Ringkasan · Operator — Kuasa" };

/** One figure of the overview and the list behind it. */
function Stat({ label, value, href, linkText }: { label: string; value: string; href: string; linkText: string }) {
  return (
    <section className="stat" aria-label={label}>
      <p className="stat-label">{label}</p>
      <p className="stat-value">{value}</p>
      <p>
        <Link href={href}>{linkText}</Link>
      </p>
    </section>
  );
}

export default async function OverviewPage() {
  const { caller } = await portalPage("operator");
  const overview = await caller.operator.overview();
  return (
    <>
      <PageTitle lead="Keadaan hari ini (WIB), uang sungguhan saja: pesanan uji dari kunci kk_test_ tidak dihitung.">Ringkasan</PageTitle>
      <h2 className="section-title">Perlu tindakan</h2>
      <div className="stats">
        <Stat label="Sengketa" value={String(overview.disputed)} href="/operator/antrean#sengketa" linkText="Putuskan sengketa" />
        <Stat label="Tawaran macet" value={String(overview.stalled)} href="/operator/antrean#macet" linkText="Lihat tawaran macet" />
        <Stat
          label="Lewat tenggat SLA"
          value={String(overview.slaBreaches)}
          href="/operator/antrean#sla"
          linkText="Lihat pelanggaran SLA"
        />
        <Stat
          label="Organisasi menunggu"
          value={String(overview.waitingOrganizations)}
          href="/operator/organisasi?status=menunggu_persetujuan"
          linkText="Setujui organisasi"
        />
      </div>
      <h2 className="section-title">Pesanan dan dana</h2>
      <div className="stats">
        <Stat
          label="Pesanan dibuat hari ini"
          value={String(overview.createdToday)}
          href="/operator/pesanan?mode=live&dibuat=hari_ini"
          linkText="Lihat pesanan hari ini"
        />
        <Stat label="Dana di escrow" value={formatRupiah(overview.escrowIdr)} href="/operator/pesanan?mode=live" linkText="Lihat pesanan" />
      </div>
      <h2 className="section-title">Pesanan aktif per status</h2>
      <ul className="link-list">
        {overview.byStatus.map(({ status, count }) => (
          <li key={status}>
            <Link href={`/operator/pesanan?status=${status}&mode=live`}>
              {ORDER_STATUS_LABEL[status]}: <strong>{count}</strong> pesanan
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

import type { Metadata } from "next";
import { formatDateTime, formatRupiah } from "@/app/_components/format";
import { EmptyState, PageTitle } from "@/app/_components/ui";
import { portalPage } from "@/server/portal";
import { OrgStatusActions, TopUpForm } from "./_components/org-actions";
import { ORG_STATUS } from "./_components/org-status";

export const metadata: Metadata = { title: "Organisasi · Operator — Kuasa" };

export default async function OrganizationsPage() {
  const { caller } = await portalPage("operator");
  const organizations = await caller.operator.organizations();
  const waiting = organizations.filter((o) => o.status === "menunggu_persetujuan").length;
  return (
    <>
      <PageTitle lead="Setujui atau tangguhkan organisasi, dan catat setoran deposit mereka.">Organisasi</PageTitle>
      {waiting > 0 && (
        <p className="waiting" role="status">
          {waiting} organisasi menunggu persetujuan.
        </p>
      )}
      {organizations.length === 0 ? (
        <EmptyState title="Belum ada organisasi." hint="Buat dengan: npm run ops -- org:create --name &quot;PT Contoh&quot; --pending" />
      ) : (
        <ul className="plain-list">
          {organizations.map((org) => (
            <li key={org.id}>
              <article className="card" aria-labelledby={`${org.id}-title`}>
                <header className="card-head">
                  <div>
                    <h2 id={`${org.id}-title`}>{org.name}</h2>
                    <p className="muted small">
                      <code>{org.id}</code> · terdaftar {formatDateTime(org.createdAt)}
                    </p>
                  </div>
                  <span className={`pill ${ORG_STATUS[org.status].tone}`}>{ORG_STATUS[org.status].text}</span>
                </header>
                <dl className="facts">
                  <dt>Deposit</dt>
                  <dd className="amount">
                    {formatRupiah(org.depositIdr)}
                  </dd>
                  <dt>Ambang persetujuan</dt>
                  <dd>{org.approvalThresholdIdr === null ? <span className="muted">Tidak ada</span> : formatRupiah(org.approvalThresholdIdr)}</dd>
                  <dt>Kunci API / pesanan</dt>
                  <dd>
                    {org.apiKeys} kunci · {org.orders} pesanan
                  </dd>
                </dl>
                <div className="org-actions">
                  <OrgStatusActions organizationId={org.id} name={org.name} status={org.status} />
                  <details className="disclosure">
                    <summary>Tambah deposit</summary>
                    <TopUpForm organizationId={org.id} name={org.name} />
                  </details>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

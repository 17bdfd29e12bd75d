import type { Metadata } from "next";
import Link from "next/link";
import { DataTable, type TableParams, tableQuery } from "@/app/_components/data-table";
import { formatDateTime, formatRupiah } from "@/app/_components/format";
import { Card, PageTitle } from "@/app/_components/ui";
import { OrganizationStatus } from "@/generated/prisma/enums";
import { portalPage } from "@/server/runtime/portal";
import { CreateOrganizationForm, OrgStatusActions } from "../_components/org-actions";
import { ORG_STATUS } from "../_components/org-status";

export const metadata: Metadata = { title: "Organisasi · Operator — Kuasa" };

const isStatus = (value: string | undefined): value is OrganizationStatus =>
  value !== undefined && Object.hasOwn(OrganizationStatus, value);

export default async function OrganizationsPage({ searchParams }: { searchParams: Promise<TableParams> }) {
  const { caller } = await portalPage("operator");
  const params = await searchParams;
  const query = tableQuery(params, ["status"]);
  const status = query.filters.status;
  const organizations = await caller.operator.organizations({
    q: query.q,
    status: isStatus(status) ? status : undefined,
    page: { starting_after: query.starting_after },
  });
  return (
    <>
      <PageTitle lead="Setujui atau tangguhkan organisasi, buat organisasi baru, dan buka satu organisasi untuk mencatat setoran deposit.">
        Organisasi
      </PageTitle>
      <p>
        <Link href="/operator/konten">Konten agen</Link>: organisasi yang agennya melanggar aturan konten dalam 90 hari terakhir.
      </p>
      <DataTable
        caption="Organisasi"
        basePath="/operator/organisasi"
        params={params}
        search={{ label: "Cari organisasi", placeholder: "Nama atau ID (org_…)" }}
        filters={[
          {
            name: "status",
            label: "Status",
            options: Object.values(OrganizationStatus).map((s) => ({ value: s, label: ORG_STATUS[s].text })),
          },
        ]}
        columns={[
          {
            key: "name",
            header: "Organisasi",
            cell: (org) => (
              <>
                <Link href={`/operator/organisasi/${org.id}`}>{org.name}</Link>
                <div className="muted small">
                  <code>{org.id}</code>
                </div>
              </>
            ),
          },
          {
            key: "status",
            header: "Status",
            cell: (org) => <span className={`pill ${ORG_STATUS[org.status].tone}`}>{ORG_STATUS[org.status].text}</span>,
          },
          { key: "deposit", header: "Deposit", align: "end", cell: (org) => formatRupiah(org.depositIdr) },
          { key: "usage", header: "Kunci / pesanan", secondary: true, cell: (org) => `${org.apiKeys} kunci · ${org.orders} pesanan` },
          { key: "created", header: "Terdaftar", secondary: true, cell: (org) => formatDateTime(org.createdAt) },
          {
            key: "actions",
            header: "Tindakan",
            cell: (org) =>
              org.status === "aktif" ? (
                <Link href={`/operator/organisasi/${org.id}`}>Setoran &amp; detail</Link>
              ) : (
                <OrgStatusActions organizationId={org.id} name={org.name} status={org.status} />
              ),
          },
        ]}
        rows={organizations.data}
        rowKey={(org) => org.id}
        hasMore={organizations.has_more}
        empty={{ title: "Belum ada organisasi.", hint: "Buat organisasi pertama dengan formulir di bawah." }}
      />
      <h2 className="section-title">Buat organisasi</h2>
      <Card>
        <CreateOrganizationForm />
      </Card>
    </>
  );
}

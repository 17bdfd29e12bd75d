import type { Metadata } from "next";
import Link from "next/link";
import { DataTable, type TableParams, tableQuery } from "@/app/_components/data-table";
import { categoryLabel, formatRupiah } from "@/app/_components/format";
import { PageTitle } from "@/app/_components/ui";
import { SERVICE_STATES, type ServiceState } from "@/server/domain/catalog/service-state";
import { portalPage } from "@/server/runtime/portal";
import { SERVICE_STATE, ServiceStatePill } from "../_components/service-state";

export const metadata: Metadata = { title: "Katalog · Operator — Kuasa" };

const FILTERS = ["kategori", "status"] as const;
const isState = (value: string | undefined): value is ServiceState => SERVICE_STATES.some((state) => state === value);

export default async function CatalogPage({ searchParams }: { searchParams: Promise<TableParams> }) {
  const { caller } = await portalPage("operator");
  const params = await searchParams;
  const query = tableQuery(params, FILTERS);
  const { kategori, status } = query.filters;
  const { services, categories } = await caller.operator.services({
    q: query.q,
    category: kategori,
    state: isState(status) ? status : undefined,
  });
  return (
    <>
      <PageTitle lead="Layanan berharga tetap yang dipesan agen. Harga agen selalu dihitung dari harga klien (+15 %, dibulatkan ke Rp 50.000), tidak pernah diketik. Buka layanan untuk mengubah harga, deskripsi, kolom intake, atau menyembunyikannya.">
        Katalog
      </PageTitle>
      <DataTable
        caption="Layanan katalog"
        basePath="/operator/katalog"
        params={params}
        search={{ label: "Cari layanan", placeholder: "Nama atau kode layanan" }}
        filters={[
          {
            name: "kategori",
            label: "Kategori",
            options: categories.map((category) => ({ value: category, label: categoryLabel(category) })),
          },
          { name: "status", label: "Status", options: SERVICE_STATES.map((state) => ({ value: state, label: SERVICE_STATE[state].text })) },
        ]}
        columns={[
          {
            key: "name",
            header: "Layanan",
            cell: (service) => (
              <>
                <Link href={`/operator/katalog/${service.code}`}>{service.name}</Link>
                <div className="muted small">
                  <code>{service.code}</code>
                </div>
              </>
            ),
          },
          { key: "category", header: "Kategori", secondary: true, cell: (service) => categoryLabel(service.category) },
          { key: "sla", header: "SLA", secondary: true, cell: (service) => service.slaLabel },
          { key: "state", header: "Status", cell: (service) => <ServiceStatePill state={service.state} /> },
          { key: "client", header: "Harga klien", align: "end", cell: (service) => formatRupiah(service.clientPriceIdr) },
          { key: "agent", header: "Harga agen", align: "end", cell: (service) => <strong>{formatRupiah(service.agentPriceIdr)}</strong> },
        ]}
        rows={services}
        rowKey={(service) => service.code}
        hasMore={false}
        empty={{ title: "Katalog kosong.", hint: "Katalog awal dimuat otomatis saat server mulai; periksa log server bila kosong." }}
      />
    </>
  );
}

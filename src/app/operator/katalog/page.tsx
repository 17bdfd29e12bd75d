import type { Metadata } from "next";
import Link from "next/link";
import { DataTable, type TableParams, tableQuery } from "@/app/_components/data-table";
import { categoryLabel, formatRupiah } from "@/app/_components/format";
import { PageTitle } from "@/app/_components/ui";
import { SERVICE_STATES, type ServiceState } from "@/server/domain/catalog/service-state";
import { jakartaDay } from "@/server/domain/clock";
import { portalPage } from "@/server/runtime/portal";
import { staleFees } from "../_components/fee-check";
import { SERVICE_STATE, ServiceStatePill } from "../_components/service-state";

export const metadata: Metadata = { title: "Katalog · Operator — Kuasa" };

const FILTERS = ["kategori", "status"] as const;
const isState = (value: string | undefined): value is ServiceState => SERVICE_STATES.some((state) => state === value);

export default async function CatalogPage({ searchParams }: { searchParams: Promise<TableParams> }) {
  const { caller } = await portalPage("operator");
  const params = await searchParams;
  const query = tableQuery(params, FILTERS);
  const { kategori, status } = query.filters;
  const search = { q: query.q, category: kategori, state: isState(status) ? status : undefined };
  const filtered = Object.values(search).some((value) => value !== undefined);
  const [{ services, categories }, all] = await Promise.all([
    caller.operator.services(search),
    // The fees due for checking are counted over the whole catalog, whatever the table shows.
    filtered ? caller.operator.services({}).then((whole) => whole.services) : null,
  ]);
  const today = jakartaDay(new Date());
  const staleByService = (all ?? services)
    .map((service) => ({ service, stale: staleFees(service.thirdPartyFees, today).length }))
    .filter(({ stale }) => stale > 0);
  const staleCount = staleByService.reduce((sum, { stale }) => sum + stale, 0);
  const staleOf = new Map(staleByService.map(({ service, stale }) => [service.code, stale]));
  return (
    <>
      <PageTitle lead="Layanan berharga tetap yang dipesan agen. Harga agen selalu dihitung dari harga klien (+15 %, dibulatkan ke Rp 50.000), tidak pernah diketik. Buka layanan untuk mengubah harga, deskripsi, kolom intake, atau menyembunyikannya.">
        Katalog
      </PageTitle>
      {staleCount > 0 && (
        <section className="waiting stale-fees" aria-labelledby="biaya-perlu-diperiksa">
          <h2 id="biaya-perlu-diperiksa">{staleCount} biaya resmi perlu diperiksa ulang</h2>
          <p>
            Belum pernah diperiksa, atau terakhir diperiksa lebih dari setahun lalu. Baca ulang tarif dan dasar hukumnya terhadap
            peraturannya, lalu catat tanggal pemeriksaannya di halaman layanannya.
          </p>
          <ul className="inline-links" aria-label="Layanan dengan biaya yang perlu diperiksa ulang">
            {staleByService.map(({ service, stale }) => (
              <li key={service.code}>
                <Link href={`/operator/katalog/${service.code}#biaya-resmi`}>{service.name}</Link> <span className="muted">({stale})</span>
              </li>
            ))}
          </ul>
        </section>
      )}
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
                {staleOf.has(service.code) && (
                  <span className="pill pill-warn pill-wraps">{staleOf.get(service.code)} biaya perlu diperiksa ulang</span>
                )}
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

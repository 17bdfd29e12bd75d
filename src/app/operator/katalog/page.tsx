import type { Metadata } from "next";
import { CardList } from "@/app/_components/card-list";
import { formatRupiah } from "@/app/_components/format";
import { PageTitle } from "@/app/_components/ui";
import { INTAKE_FIELD_TYPES } from "@/server/domain/intake";
import { portalPage } from "@/server/portal";
import { categoryLabel } from "@/app/_components/format";
import { ServiceEditForm, ServiceToggles } from "../_components/service-forms";

export const metadata: Metadata = { title: "Katalog · Operator — Kuasa" };

export default async function CatalogPage() {
  const { caller } = await portalPage("operator");
  const services = await caller.operator.services();
  const labels = [...new Set(services.flatMap((s) => (s.requiredLabel ? [s.requiredLabel] : [])))].sort();
  return (
    <>
      <PageTitle lead="Layanan berharga tetap yang dipesan agen. Harga agen selalu dihitung dari harga klien (+15 %, dibulatkan ke Rp 50.000), tidak pernah diketik.">Katalog</PageTitle>
      <CardList
        label="Layanan katalog"
        items={services}
        itemKey={(service) => service.code}
        empty={{ title: "Katalog kosong.", hint: "Katalog awal dimuat otomatis saat server mulai; periksa log server bila kosong." }}
        render={(service) => (
          <article className={`card${service.active ? "" : " inactive"}`} aria-labelledby={`${service.code}-title`}>
            <header className="card-head">
              <div>
                <h2 id={`${service.code}-title`}>{service.name}</h2>
                <p className="muted small">
                  <code>{service.code}</code> · {categoryLabel(service.category)}
                </p>
              </div>
              <div className="row">
                <span className={`pill ${service.agentEligible ? "pill-ok" : "pill-muted"}`}>{service.agentEligible ? "Terlihat agen" : "Tersembunyi dari agen"}</span>
                <span className={`pill ${service.active ? "pill-ok" : "pill-bad"}`}>{service.active ? "Aktif" : "Nonaktif"}</span>
              </div>
            </header>
            <p className="description">{service.description}</p>
            <dl className="facts">
              <dt>Harga klien</dt>
              <dd>{formatRupiah(service.clientPriceIdr)}</dd>
              <dt>Harga agen</dt>
              <dd>
                <strong>{formatRupiah(service.agentPriceIdr)}</strong> <span className="muted small">(dihitung)</span>
              </dd>
              <dt>SLA</dt>
              <dd>{service.slaLabel}</dd>
              <dt>Label wajib</dt>
              <dd>{service.requiredLabel ?? <span className="muted">Semua praktisi kategori ini</span>}</dd>
              <dt>Biaya pihak ketiga</dt>
              <dd>{service.thirdParty ?? <span className="muted">Tidak ada</span>}</dd>
            </dl>
            <details className="disclosure">
              <summary>Kolom intake ({service.intake.length})</summary>
              <div className="table-wrap">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Label</th>
                      <th scope="col">Kunci</th>
                      <th scope="col">Jenis</th>
                      <th scope="col">Wajib</th>
                    </tr>
                  </thead>
                  <tbody>
                    {service.intake.map((field) => (
                      <tr key={field.key}>
                        <td data-label="Label">{field.label}</td>
                        <td data-label="Kunci">
                          <code>{field.key}</code>
                        </td>
                        <td data-label="Jenis">
                          {field.type}
                          {field.options ? <span className="muted small"> ({field.options.join(" / ")})</span> : null}
                        </td>
                        <td data-label="Wajib">{field.required ? "Wajib" : "Opsional"}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </details>
            <div className="org-actions">
              <ServiceToggles code={service.code} name={service.name} agentEligible={service.agentEligible} active={service.active} />
              <details className="disclosure">
                <summary>Ubah layanan</summary>
                <ServiceEditForm service={service} labels={labels} intakeTypes={INTAKE_FIELD_TYPES} />
              </details>
            </div>
          </article>
        )}
      />
    </>
  );
}

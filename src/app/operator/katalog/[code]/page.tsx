import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { COST_KIND_LABEL } from "@/app/_components/cost-list";
import { categoryLabel, formatRupiah } from "@/app/_components/format";
import { PageTitle } from "@/app/_components/ui";
import { INTAKE_TYPE_LABEL } from "@/server/domain/catalog/intake";
import { jakartaDay } from "@/server/domain/clock";
import { CREDENTIAL_KIND_NAME } from "@/server/domain/practitioners/credentials";
import { portalPage } from "@/server/runtime/portal";
import { appliesWhenText, FeeCheck, feeAnchor, staleFees } from "../../_components/fee-check";
import { isNotFound } from "../../_components/not-found";
import { ServiceEditForm, ServiceToggles } from "../../_components/service-forms";
import { ServiceStatePill } from "../../_components/service-state";

export const metadata: Metadata = { title: "Layanan · Operator — Kuasa" };

export default async function ServicePage({ params }: { params: Promise<{ code: string }> }) {
  const { caller } = await portalPage("operator");
  const { code } = await params;
  const service = await caller.operator.service({ code }).catch((err: unknown) => (isNotFound(err) ? notFound() : Promise.reject(err)));
  const today = jakartaDay(new Date());
  const stale = staleFees(service.thirdPartyFees, today);
  return (
    <>
      <p className="back">
        <Link href="/operator/katalog">← Semua layanan</Link>
      </p>
      <PageTitle lead={`${service.code} · ${categoryLabel(service.category)}`}>{service.name}</PageTitle>
      <article className={`card${service.active ? "" : " inactive"}`} aria-labelledby="rincian-layanan">
        <header className="card-head">
          <h2 id="rincian-layanan">Rincian layanan</h2>
          <ServiceStatePill state={service.state} />
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
          <dt>Syarat kredensial</dt>
          <dd>
            {service.requires.length > 0 ? (
              service.requires.map((kind) => CREDENTIAL_KIND_NAME[kind]).join(", ")
            ) : (
              <span className="muted">Tidak ada: semua praktisi terverifikasi di kategori ini</span>
            )}
          </dd>
          <dt>Biaya pihak ketiga</dt>
          <dd>{service.thirdParty ?? <span className="muted">Tidak ada</span>}</dd>
        </dl>
        {stale.length > 0 && (
          <div className="waiting stale-fees" role="note">
            <p>
              <strong>{stale.length} biaya resmi perlu diperiksa ulang</strong> (belum pernah diperiksa, atau terakhir lebih dari setahun
              lalu): baca ulang tarif dan dasar hukumnya terhadap peraturannya, lalu catat tanggal pemeriksaannya di formulir perubahan di
              bawah.
            </p>
            <ul className="inline-links">
              {stale.map((fee) => (
                <li key={fee.code}>
                  <a href={`#${feeAnchor(fee.code)}`}>{fee.description}</a>
                </li>
              ))}
            </ul>
          </div>
        )}
        {service.thirdPartyFees.length > 0 && (
          <details className="disclosure" id="biaya-resmi" open={stale.length > 0}>
            <summary>Biaya resmi yang dapat ditagihkan ({service.thirdPartyFees.length})</summary>
            <div className="table-wrap">
              <table className="fee-table">
                <thead>
                  <tr>
                    <th scope="col">Biaya</th>
                    <th scope="col">Jenis</th>
                    <th scope="col">Tarif resmi</th>
                    <th scope="col">Dasar hukum</th>
                    <th scope="col">Pemeriksaan</th>
                  </tr>
                </thead>
                <tbody>
                  {service.thirdPartyFees.map((fee) => (
                    <tr key={fee.code} id={feeAnchor(fee.code)}>
                      <td data-label="Biaya">
                        <div>
                          {fee.description} <code className="small">{fee.code}</code>
                          {fee.appliesWhen && <div className="muted small">{appliesWhenText(fee.appliesWhen, service.intake)}</div>}
                        </div>
                      </td>
                      <td data-label="Jenis">{COST_KIND_LABEL[fee.kind]}</td>
                      <td data-label="Tarif resmi">
                        {fee.amountIdr === null ? (
                          <span className="muted">Sesuai tagihan resmi</span>
                        ) : (
                          `${formatRupiah(fee.amountIdr)} ${fee.per}`
                        )}
                      </td>
                      <td data-label="Dasar hukum">{fee.basis}</td>
                      <td data-label="Pemeriksaan">
                        <FeeCheck checkedOn={fee.checkedOn} today={today} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        )}
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
                      {INTAKE_TYPE_LABEL[field.type]}
                      {field.type === "provinsi" ? (
                        <span className="muted small"> (38 provinsi, kode Kemendagri)</span>
                      ) : field.options ? (
                        <span className="muted small"> ({field.options.join(" / ")})</span>
                      ) : null}
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
            <ServiceEditForm service={service} today={today} />
          </details>
        </div>
      </article>
    </>
  );
}

import type { Metadata } from "next";
import { CardList } from "@/app/_components/card-list";
import { areaLabel, CASE_STATUS, INVOICE_STATUS } from "@/app/_components/case-status";
import { formatDateTime, formatRupiah } from "@/app/_components/format";
import { PageTitle } from "@/app/_components/ui";
import { portalPage } from "@/server/runtime/portal";
import { CloseCaseButton } from "../_components/close-case-button";

export const metadata: Metadata = { title: "Kasus · Operator — Kuasa" };

export default async function OperatorCasesPage({ searchParams }: { searchParams: Promise<{ ditutup?: string }> }) {
  const { caller } = await portalPage("operator");
  const [cases, { ditutup: closed }] = await Promise.all([caller.operator.cases(), searchParams]);
  return (
    <>
      <PageTitle lead="Kasus papan kasus yang belum ditutup, dari semua organisasi. Tutup kasus yang tidak akan dilanjutkan, misalnya atas permintaan klien.">
        Kasus
      </PageTitle>
      {closed && (
        <p className="notice" role="status">
          Kasus <code>{closed}</code> ditutup.
        </p>
      )}
      <CardList
        label="Kasus yang masih berjalan"
        items={cases}
        itemKey={(item) => item.id}
        empty={{
          title: "Tidak ada kasus yang masih berjalan.",
          hint: "Kasus muncul di sini saat agen mengajukannya (POST /v1/cases) dan hilang setelah ditutup.",
        }}
        render={(item) => (
          <article className="card" aria-labelledby={`${item.id}-title`}>
            <header className="card-head">
              <div>
                <h2 id={`${item.id}-title`}>
                  {areaLabel(item.area)} · {item.organization.name}
                </h2>
                <p className="muted small">
                  <code>{item.id}</code> · diajukan {formatDateTime(item.createdAt)}
                  {item.urgency && ` · ${item.urgency}`}
                </p>
              </div>
              <span className={`pill ${CASE_STATUS[item.status].tone}`}>{CASE_STATUS[item.status].text}</span>
            </header>
            <dl className="facts">
              <dt>Penawaran berjalan</dt>
              <dd>{item.liveBids}</dd>
              <dt>Tagihan</dt>
              <dd>
                {item.invoice ? (
                  <>
                    <code>{item.invoice.id}</code> · {formatRupiah(item.invoice.totalIdr)}{" "}
                    <span className={`pill ${INVOICE_STATUS[item.invoice.status].tone}`}>{INVOICE_STATUS[item.invoice.status].text}</span>
                    {item.invoice.orderId && (
                      <div className="small">
                        Pesanan <code>{item.invoice.orderId}</code>
                      </div>
                    )}
                  </>
                ) : (
                  <span className="muted">Belum ada</span>
                )}
              </dd>
            </dl>
            <CloseCaseButton
              caseId={item.id}
              organization={item.organization.name}
              liveBids={item.liveBids}
              invoice={
                item.invoice && {
                  id: item.invoice.id,
                  status: item.invoice.status,
                  total: formatRupiah(item.invoice.totalIdr),
                  orderId: item.invoice.orderId,
                }
              }
            />
          </article>
        )}
      />
    </>
  );
}

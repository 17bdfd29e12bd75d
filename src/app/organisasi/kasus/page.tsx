import type { Metadata } from "next";
import Link from "next/link";
import { CASE_STATUS, INVOICE_STATUS } from "@/app/_components/case-status";
import { formatDateTime, formatRupiah } from "@/app/_components/format";
import { Card, EmptyState, PageTitle } from "@/app/_components/ui";
import type { BidStatus } from "@/generated/prisma/enums";
import { portalPage } from "@/server/runtime/portal";
import { PayInvoiceButton } from "../_components/pay-invoice-button";
import { SelectBidButton } from "../_components/select-bid-button";

const BID_STATUS: Record<BidStatus, string> = {
  diajukan: "Diajukan",
  dipilih: "Dipilih",
  tidak_dipilih: "Tidak dipilih",
  ditarik: "Ditarik praktisi",
};

export const metadata: Metadata = { title: "Kasus & tagihan — Kuasa" };

/** An invoice's PDF: the bid, the platform's fee and the VAT inside it (cases are live). */
function InvoicePdfLink({ invoiceId }: { invoiceId: string }) {
  return (
    <a href={`/api/keuangan/tagihan/${invoiceId}`} download aria-label={`Unduh PDF tagihan ${invoiceId}`}>
      Unduh PDF
    </a>
  );
}

export default async function CasesPage({
  searchParams,
}: {
  searchParams: Promise<{ dibayar?: string; pesanan?: string; dipilih?: string }>;
}) {
  const { caller } = await portalPage("org_admin");
  const [cases, overview] = await Promise.all([caller.organization.cases(), caller.organization.overview()]);
  const { dibayar: paid, pesanan: paidOrder, dipilih: selectedInvoice } = await searchParams;
  const unpaid = cases.filter((c) => c.invoice?.status === "belum_dibayar");
  return (
    <>
      <PageTitle lead="Kasus yang diajukan agen Anda ke papan kasus, penawaran praktisi, dan tagihan dari penawaran yang dipilih.">
        Kasus & tagihan
      </PageTitle>
      {paid && (
        <p className="notice" role="status">
          Tagihan <code>{paid}</code> dibayar dari deposit.
          {paidOrder && (
            <>
              {" "}
              Pekerjaannya kini pesanan <Link href={`/organisasi/pesanan/${encodeURIComponent(paidOrder)}`}>{paidOrder}</Link>, langsung
              diambil praktisi yang penawarannya dipilih.
            </>
          )}
        </p>
      )}
      {selectedInvoice && !paid && (
        <p className="notice" role="status">
          Penawaran dipilih; tagihan <code>{selectedInvoice}</code> dibuat. Bayar dari deposit di bawah agar praktisi mulai bekerja.
        </p>
      )}
      <Card title={`Tagihan belum dibayar (${unpaid.length})`}>
        <p className="muted">
          Saldo deposit: <strong>{formatRupiah(overview.depositIdr.live)}</strong>
        </p>
        {unpaid.length === 0 ? (
          <EmptyState
            title="Tidak ada tagihan yang perlu dibayar."
            hint="Tagihan dibuat saat penawaran dipilih: oleh agen lewat API, atau oleh Anda pada kasus di bawah."
          />
        ) : (
          <ul className="plain-list invoice-list">
            {unpaid.map((c) => (
              <li key={c.invoice!.id}>
                <p className="invoice-line">
                  <span>
                    Tagihan <code>{c.invoice!.id}</code> untuk kasus <code>{c.id}</code> ({c.contactName})
                  </span>
                  <strong className="price">{formatRupiah(c.invoice!.totalIdr)}</strong>
                </p>
                <p className="muted small">
                  Termasuk biaya platform {formatRupiah(c.invoice!.feeIdr)} · dibuat {formatDateTime(c.invoice!.createdAt)} ·{" "}
                  <InvoicePdfLink invoiceId={c.invoice!.id} />
                </p>
                {c.invoice!.totalIdr > overview.depositIdr.live && (
                  <p className="waiting">Deposit belum cukup; minta tim operator Kuasa menambah deposit sebelum membayar.</p>
                )}
                <PayInvoiceButton invoiceId={c.invoice!.id} total={formatRupiah(c.invoice!.totalIdr)} />
              </li>
            ))}
          </ul>
        )}
      </Card>

      <h2 className="section-title">Semua kasus ({cases.length})</h2>
      {cases.length === 0 ? (
        <EmptyState title="Belum ada kasus." hint="Kasus muncul di sini setelah agen Anda memanggil POST /v1/cases." />
      ) : (
        <ul className="plain-list">
          {cases.map((c) => (
            <li key={c.id}>
              <article className="card" id={c.id} aria-labelledby={`${c.id}-title`}>
                <header className="card-head">
                  <div>
                    <h3 id={`${c.id}-title`}>
                      {c.contactName} · {c.area ?? "Bidang belum ditentukan"}
                    </h3>
                    <p className="muted small">
                      <code>{c.id}</code> · diajukan {formatDateTime(c.createdAt)}
                      {c.urgency && ` · ${c.urgency}`}
                      {c.budgetRange && ` · anggaran ${c.budgetRange}`}
                    </p>
                  </div>
                  <span className={`pill ${CASE_STATUS[c.status].tone}`}>{CASE_STATUS[c.status].text}</span>
                </header>
                <p className="description">{c.story}</p>
                {c.invoice && (
                  <p>
                    Tagihan <code>{c.invoice.id}</code>: {formatRupiah(c.invoice.totalIdr)}{" "}
                    <span className={`pill ${INVOICE_STATUS[c.invoice.status].tone}`}>{INVOICE_STATUS[c.invoice.status].text}</span>
                    {c.invoice.paidAt && <span className="muted small"> · dibayar {formatDateTime(c.invoice.paidAt)}</span>}
                    <span className="small">
                      {" "}
                      · <InvoicePdfLink invoiceId={c.invoice.id} />
                    </span>
                    {c.invoice.orderId && (
                      <>
                        {" "}
                        · <Link href={`/organisasi/pesanan/${c.invoice.orderId}`}>Pekerjaannya: pesanan {c.invoice.orderId}</Link>
                      </>
                    )}
                  </p>
                )}
                <details className="disclosure" open={c.status === "terbuka" && c.bids.some((b) => b.status === "diajukan")}>
                  <summary>Penawaran ({c.bids.length})</summary>
                  {c.bids.length === 0 ? (
                    <p className="muted">Belum ada penawaran dari praktisi.</p>
                  ) : (
                    <div className="table-wrap">
                      <table className="bid-table">
                        <thead>
                          <tr>
                            <th scope="col">Praktisi</th>
                            <th scope="col">Rencana kerja</th>
                            <th scope="col">Status</th>
                            <th scope="col" className="num">
                              Klien membayar
                            </th>
                            {c.status === "terbuka" && <th scope="col">Tindakan</th>}
                          </tr>
                        </thead>
                        <tbody>
                          {c.bids.map((b) => (
                            <tr key={b.id}>
                              <td data-label="Praktisi">
                                <div>
                                  <strong>{b.practitioner.name}</strong>
                                  <div className="muted small">
                                    {b.practitioner.label ?? "Belum ada kredensial terverifikasi yang berlaku"}
                                  </div>
                                </div>
                              </td>
                              <td data-label="Rencana kerja">
                                <div>
                                  {b.scope}
                                  <div className="muted small">
                                    Selesai dalam {b.etaDays} hari{b.note && ` · ${b.note}`}
                                  </div>
                                </div>
                              </td>
                              <td data-label="Status">{BID_STATUS[b.status]}</td>
                              <td data-label="Klien membayar" className="num">
                                <div>
                                  {formatRupiah(b.clientPaysIdr)}
                                  <div className="muted small">praktisi menerima {formatRupiah(b.priceIdr)}</div>
                                </div>
                              </td>
                              {c.status === "terbuka" && (
                                <td data-label="Tindakan">
                                  {b.status === "diajukan" && (
                                    <SelectBidButton
                                      caseId={c.id}
                                      bidId={b.id}
                                      practitioner={b.practitioner.name}
                                      total={formatRupiah(b.clientPaysIdr)}
                                    />
                                  )}
                                </td>
                              )}
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </div>
                  )}
                  <p className="muted small">
                    Pilih satu penawaran di sini, atau biarkan agen memilih lewat API; harga yang Anda bayar (harga agen) sudah termasuk
                    biaya platform 12,5 % (minimal Rp 100.000). Setelah dipilih, tagihannya dibayar dari deposit.
                  </p>
                </details>
              </article>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

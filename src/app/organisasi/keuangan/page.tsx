import type { Metadata } from "next";
import Link from "next/link";
import { type Column, DataTable, type TableParams, tableQuery } from "@/app/_components/data-table";
import { documentPdfHref, documentPdfLabel } from "@/app/_components/financial-documents";
import { formatDateTime, formatMonth, formatRupiah } from "@/app/_components/format";
import { Card, PageTitle } from "@/app/_components/ui";
import type { FinancialDocumentKind } from "@/generated/prisma/enums";
import { toApiError } from "@/server/api/api-error";
import { formatNpwp } from "@/server/domain/books/npwp";
import { DOCUMENT_KIND_LABEL } from "@/server/domain/books/numbering";
import { jakartaMonthsUpTo } from "@/server/domain/clock";
import { portalPage } from "@/server/runtime/portal";
import { inMode, ModeSwitch, modeOf } from "../_components/mode";
import { BillingForm } from "./billing-form";
import { MonthlyStatement, STATEMENT_MONTH_PARAM } from "./monthly-statement";

export const metadata: Metadata = { title: "Dokumen keuangan — Kuasa" };

const BASE = "/organisasi/keuangan";
/** The list's filters in the URL: the kind and the Jakarta month of payment. */
const FILTERS = ["jenis", "bulan"];
/** Months offered in the filters and the statement: two years back from the current one. */
const MONTHS_OFFERED = 24;
const KINDS = Object.keys(DOCUMENT_KIND_LABEL) as FinancialDocumentKind[];
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export default async function FinancialDocumentsPage({ searchParams }: { searchParams: Promise<TableParams> }) {
  const params = await searchParams;
  const mode = modeOf(params);
  const test = mode === "test";
  const query = tableQuery(params, FILTERS);
  const kind = KINDS.find((k) => k === query.filters.jenis);
  const month = MONTH.test(query.filters.bulan ?? "") ? query.filters.bulan : undefined;
  const asked = Array.isArray(params[STATEMENT_MONTH_PARAM]) ? params[STATEMENT_MONTH_PARAM][0] : params[STATEMENT_MONTH_PARAM];
  const { caller } = await portalPage("org_admin");
  const [documents, statement, billing] = await Promise.all([
    caller.organization.documents({ mode, kind, month, page: { starting_after: query.starting_after } }),
    // A month not yet begun (or mistyped) in the URL shows the current one.
    caller.organization.depositStatement({ mode, month: asked && MONTH.test(asked) ? asked : undefined }).catch((err: unknown) => {
      if (toApiError(err).code !== "VALIDATION") throw err;
      return caller.organization.depositStatement({ mode });
    }),
    caller.organization.billingDetails(),
  ]);
  const recent = jakartaMonthsUpTo(statement.generatedAt, MONTHS_OFFERED).reverse();
  // A month older than those offered, asked in the URL, stays chosen.
  const months = recent.includes(statement.month) ? recent : [...recent, statement.month];
  type Row = (typeof documents.data)[number];
  const columns: Array<Column<Row>> = [
    {
      key: "number",
      header: "Nomor",
      cell: (document) => (
        <>
          <code className="document-number">{document.number}</code>
          {!document.livemode && (
            <>
              {" "}
              <span className="pill pill-test">Uji</span>
            </>
          )}
        </>
      ),
    },
    { key: "kind", header: "Jenis", cell: (document) => DOCUMENT_KIND_LABEL[document.kind] },
    { key: "paidAt", header: "Tanggal", cell: (document) => formatDateTime(document.paidAt) },
    {
      key: "description",
      header: "Keterangan",
      secondary: true,
      cell: (document) =>
        document.orderId ? (
          <>
            {document.description}
            <div className="small">
              <Link href={inMode(`/organisasi/pesanan/${document.orderId}`, mode)}>Buka pesanan</Link>
            </div>
          </>
        ) : (
          document.description
        ),
    },
    { key: "amount", header: "Jumlah", align: "end", cell: (document) => formatRupiah(document.amountIdr) },
    {
      key: "pdf",
      header: "Unduh",
      cell: (document) => (
        <a href={documentPdfHref(document)} download aria-label={documentPdfLabel(document)}>
          PDF
        </a>
      ),
    },
  ];
  return (
    <>
      <PageTitle lead="Kuitansi setiap pembayaran dari deposit, nota kredit setiap pengembalian, bukti setoran setiap setoran deposit, dan laporan bulanan deposit: semuanya bisa diunduh sebagai PDF.">
        Dokumen keuangan
      </PageTitle>
      <ModeSwitch basePath={BASE} mode={mode} what="dokumen keuangan" />
      {test && (
        <p className="muted small">
          Dokumen uji bernomor dengan tanda <code>-UJI</code> dan bertanda “MODE UJI” di PDF-nya: bukan dokumen keuangan yang sah.
        </p>
      )}

      <h2 className="section-title">{test ? "Dokumen uji" : "Dokumen"}</h2>
      <DataTable
        caption={test ? "Dokumen keuangan uji, terbaru di atas" : "Dokumen keuangan, terbaru di atas"}
        basePath={BASE}
        params={params}
        filters={[
          { name: "jenis", label: "Jenis", options: KINDS.map((k) => ({ value: k, label: DOCUMENT_KIND_LABEL[k] })) },
          { name: "bulan", label: "Bulan", options: months.map((m) => ({ value: m, label: formatMonth(m) })) },
        ]}
        columns={columns}
        rows={documents.data}
        rowKey={(document) => document.id}
        hasMore={documents.has_more}
        empty={
          test
            ? {
                title: "Belum ada dokumen uji.",
                hint: "Dokumen uji terbit untuk setoran dan pesanan dengan kunci kk_test_, beberapa detik setelah pembayarannya.",
              }
            : {
                title: "Belum ada dokumen.",
                hint: "Kuitansi terbit beberapa detik setelah setiap pembayaran dari deposit; bukti setoran setelah setoran deposit tercatat.",
              }
        }
      />

      <MonthlyStatement statement={statement} months={months} params={params} mode={mode} />

      <Card title="Data penagihan">
        <BillingForm name={billing.name} current={{ ...billing, npwp: billing.npwp ? formatNpwp(billing.npwp) : null }} />
      </Card>
    </>
  );
}

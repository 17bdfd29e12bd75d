import type { Metadata } from "next";
import Link from "next/link";
import { DataTable, Table, type TableParams, tableQuery } from "@/app/_components/data-table";
import { formatDateTime, formatDay, formatRupiah } from "@/app/_components/format";
import { hrefWith } from "@/app/_components/table-query";
import { Card, EmptyState, PageTitle } from "@/app/_components/ui";
import type { BankLineStatus } from "@/generated/prisma/enums";
import { BANK_LAYOUTS, type BankLayout, MAX_STATEMENT_BYTES } from "@/server/domain/books/bank-statements/common";
import { portalPage } from "@/server/runtime/portal";
import { ImportForm } from "./import-form";
import { LineActions } from "./line-actions";

export const metadata: Metadata = { title: "Mutasi bank · Keuangan · Operator — Kuasa" };

const BASE = "/operator/keuangan/mutasi-bank";
/** The page's own parameter: the lines one import added (the table's filters ride beside it). */
const IMPORT_PARAM = "impor";

const LINE_STATUS: Record<BankLineStatus, { text: string; tone: string }> = {
  menunggu: { text: "Menunggu keputusan", tone: "pill-warn" },
  dikreditkan: { text: "Dikreditkan", tone: "pill-ok" },
  diabaikan: { text: "Diabaikan", tone: "pill-muted" },
};
const STATUSES = Object.keys(LINE_STATUS) as BankLineStatus[];
const layoutName = (layout: string) => BANK_LAYOUTS[layout as BankLayout]?.name ?? layout;

export default async function BankStatementsPage({ searchParams }: { searchParams: Promise<TableParams> }) {
  const { caller } = await portalPage("operator");
  const params = await searchParams;
  const query = tableQuery(params, ["status"]);
  const status = STATUSES.find((s) => s === query.filters.status);
  const importParam = params[IMPORT_PARAM];
  const importId = (Array.isArray(importParam) ? importParam[0] : importParam)?.slice(0, 64) || undefined;
  const [lines, imports] = await Promise.all([
    caller.operator.bankLines({ status, importId, page: { starting_after: query.starting_after } }),
    caller.operator.bankImports(),
  ]);
  const shownImport = importId ? imports.find((row) => row.id === importId) : undefined;
  const caption = importId
    ? `Baris dari ${shownImport?.fileName ?? "impor ini"}, tanggal terlama di atas`
    : status && status !== "menunggu"
      ? `Baris ${LINE_STATUS[status].text.toLowerCase()}, tanggal terlama di atas`
      : "Antrean setoran tanpa kode yang cocok, tanggal terlama di atas";
  type Line = (typeof lines.data)[number];

  return (
    <>
      <PageTitle lead="Impor mutasi rekening Kuasa dari internet banking. Setoran yang keterangannya memuat kode transfer satu organisasi (KSA…) langsung masuk ke deposit live-nya; setoran lain menunggu di antrean untuk Anda kreditkan atau abaikan.">
        Mutasi bank
      </PageTitle>
      <p>
        <Link href="/operator/keuangan">← Keuangan</Link>
      </p>

      <Card title="Impor mutasi rekening">
        <ImportForm maxBytes={MAX_STATEMENT_BYTES} layouts={Object.values(BANK_LAYOUTS).map((layout) => layout.name)} />
      </Card>

      <section className="card" aria-labelledby="antrean-title">
        <h2 id="antrean-title">{importId ? "Baris satu impor" : "Antrean setoran"}</h2>
        {importId && (
          <p>
            <Link href={BASE}>← Kembali ke antrean</Link>
          </p>
        )}
        <DataTable
          caption={caption}
          basePath={BASE}
          params={params}
          filters={[{ name: "status", label: "Status", options: STATUSES.map((s) => ({ value: s, label: LINE_STATUS[s].text })) }]}
          columns={[
            { key: "day", header: "Tanggal", cell: (line: Line) => formatDay(line.bookedOn) },
            {
              key: "description",
              header: "Keterangan",
              cell: (line: Line) => (
                <>
                  <span>{line.description}</span>
                  {line.named.length > 1 && (
                    <div className="muted small">
                      Memuat kode {line.named.length} organisasi:{" "}
                      {line.named.map((org) => `${org.name} (${org.transferReference})`).join(", ")}
                    </div>
                  )}
                </>
              ),
            },
            { key: "amount", header: "Jumlah", align: "end", cell: (line: Line) => formatRupiah(line.amountIdr) },
            { key: "file", header: "Berkas", secondary: true, cell: (line: Line) => line.fileName },
            {
              key: "decision",
              header: "Keputusan",
              cell: (line: Line) =>
                line.status === "menunggu" ? (
                  <LineActions line={line} />
                ) : (
                  <>
                    <span className={`pill ${LINE_STATUS[line.status].tone}`}>{LINE_STATUS[line.status].text}</span>
                    {line.organization && (
                      <div>
                        ke <Link href={`/operator/organisasi/${line.organization.id}`}>{line.organization.name}</Link>
                      </div>
                    )}
                    <div className="muted small">
                      {[line.decidedBy, line.decidedAt && formatDateTime(line.decidedAt), line.note].filter(Boolean).join(" · ")}
                    </div>
                  </>
                ),
            },
          ]}
          rows={lines.data}
          rowKey={(line) => line.id}
          hasMore={lines.has_more}
          empty={
            importId
              ? { title: "Impor ini tidak menambah baris baru.", hint: "Semua setorannya sudah tercatat dari impor sebelumnya." }
              : {
                  title: "Antrean kosong: tidak ada setoran yang menunggu.",
                  hint: "Setoran tanpa kode transfer yang cocok muncul di sini setelah impor mutasi.",
                }
          }
        />
      </section>

      <Card title="Impor terakhir">
        {imports.length === 0 ? (
          <EmptyState title="Belum ada mutasi yang diimpor." hint="Unggah CSV mutasi rekening Kuasa dengan formulir di atas." />
        ) : (
          <div className="data-table">
            <Table
              caption="20 impor terakhir, terbaru di atas"
              hiddenCaption
              columns={[
                {
                  key: "file",
                  header: "Berkas",
                  cell: (row) => (
                    <>
                      <Link href={hrefWith(BASE, {}, { [IMPORT_PARAM]: row.id })}>{row.fileName}</Link>
                      <div className="muted small">{layoutName(row.layout)}</div>
                    </>
                  ),
                },
                { key: "at", header: "Waktu", cell: (row) => `${formatDateTime(row.createdAt)} · ${row.importedBy}` },
                { key: "credited", header: "Dikreditkan", align: "end", cell: (row) => row.credited },
                { key: "queued", header: "Ke antrean", align: "end", cell: (row) => row.queued },
                { key: "duplicates", header: "Sudah ada", align: "end", cell: (row) => row.duplicates },
              ]}
              rows={imports}
              rowKey={(row) => row.id}
            />
          </div>
        )}
      </Card>
    </>
  );
}

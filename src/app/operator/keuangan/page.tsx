import type { Metadata } from "next";
import Link from "next/link";
import { Field } from "@/app/_components/field";
import { documentPdfHref, documentPdfLabel } from "@/app/_components/financial-documents";
import { formatDateTime, formatRupiah } from "@/app/_components/format";
import { Card, EmptyState, PageTitle } from "@/app/_components/ui";
import { toApiError } from "@/server/api/api-error";
import { formatNpwp } from "@/server/domain/books/npwp";
import { DOCUMENT_KIND_LABEL } from "@/server/domain/books/numbering";
import { vatRateLabel } from "@/server/domain/books/tax";
import { ledgerKindLabel } from "@/server/domain/money/ledger-labels";
import { portalPage } from "@/server/runtime/portal";

export const metadata: Metadata = { title: "Keuangan · Operator — Kuasa" };

type Caller = Awaited<ReturnType<typeof portalPage>>["caller"];
type Found = Awaited<ReturnType<Caller["operator"]["findDocument"]>>["document"];

/** The number asked for: a document, none with it, or why it is not a number. */
async function lookUp(caller: Caller, number: string): Promise<{ found: Found } | { refused: string }> {
  try {
    return { found: (await caller.operator.findDocument({ number })).document };
  } catch (err) {
    const error = toApiError(err);
    if (error.code !== "VALIDATION") throw err;
    return { refused: error.message.replace(/^number: /, "") };
  }
}

export default async function BooksPage({ searchParams }: { searchParams: Promise<{ nomor?: string | string[] }> }) {
  const { caller } = await portalPage("operator");
  const asked = (await searchParams).nomor;
  const number = (Array.isArray(asked) ? asked[0] : asked)?.trim() ?? "";
  const [result, rules] = await Promise.all([number ? lookUp(caller, number) : null, caller.operator.taxSettings()]);
  const inForce = rules.find((rule) => rule.state === "berlaku");
  const scheduled = rules.filter((rule) => rule.state === "terjadwal");
  const refused = result && "refused" in result ? result.refused : null;
  return (
    <>
      <PageTitle lead="Kuitansi, nota kredit dan bukti setoran setiap organisasi, mutasi rekening bank untuk setoran deposit, dan aturan pajak yang tercetak di dokumen.">
        Keuangan
      </PageTitle>

      <Card title="Cari dokumen">
        <form method="get" action="/operator/keuangan" className="table-tools">
          <div className="table-search">
            <Field
              label="Nomor dokumen"
              hint="Mis. KWT/2026/000123 atau nk-uji/2026/7: huruf kecil dan nol di depan boleh."
              error={refused}
            >
              {(control) => <input {...control} type="search" name="nomor" defaultValue={number} maxLength={100} spellCheck={false} />}
            </Field>
          </div>
          <div className="table-tools-actions">
            <button type="submit" className="button">
              Cari
            </button>
          </div>
        </form>
        {result && "found" in result && (result.found ? <FoundDocument document={result.found} /> : <NotFound number={number} />)}
      </Card>

      <Card title="Mutasi rekening bank">
        <p>
          Impor mutasi rekening Kuasa agar setoran deposit organisasi tercatat dari berita transfernya, lalu putuskan baris yang belum
          cocok.
        </p>
        <p>
          <Link href="/operator/keuangan/mutasi-bank">Buka impor mutasi bank</Link>
        </p>
      </Card>

      <Card title="Aturan pajak">
        {inForce && (
          <p>
            Berlaku sekarang: PPN {vatRateLabel(inForce.vatRateBasisPoints)} atas DPP {inForce.vatBaseNumerator}/
            {inForce.vatBaseDenominator} biaya platform, atas nama {inForce.platformName}
            {inForce.platformNpwp ? ` (NPWP ${formatNpwp(inForce.platformNpwp)})` : ""}, sejak {formatDateTime(inForce.effectiveFrom)}.
          </p>
        )}
        {inForce && !inForce.platformNpwp && (
          <p className="waiting">
            NPWP platform belum diisi: kuitansi tercetak tanpa NPWP penerbit. Jadwalkan aturan baru dengan NPWP-nya.
          </p>
        )}
        <p className="muted small">
          {scheduled.length === 0
            ? "Tidak ada aturan terjadwal."
            : `${scheduled.length} aturan terjadwal, mulai ${formatDateTime(scheduled.at(-1)!.effectiveFrom)}.`}
        </p>
        <p>
          <Link href="/operator/keuangan/pajak">Kelola aturan pajak</Link>
        </p>
      </Card>
    </>
  );
}

function NotFound({ number }: { number: string }) {
  return (
    <EmptyState
      title={`Tidak ada dokumen bernomor ${number}.`}
      hint="Periksa seri (KWT, NK, BST), tahun, dan tanda -UJI untuk dokumen mode uji."
    />
  );
}

function FoundDocument({ document }: { document: NonNullable<Found> }) {
  const label = DOCUMENT_KIND_LABEL[document.kind];
  return (
    <section className="found-document" aria-labelledby="dokumen-ditemukan">
      <h3 id="dokumen-ditemukan">
        {label} <code className="document-number">{document.number}</code>{" "}
        {!document.livemode && <span className="pill pill-test">Mode uji</span>}
      </h3>
      <dl className="facts">
        <dt>Organisasi</dt>
        <dd>
          <Link href={`/operator/organisasi/${document.organizationId}`}>{document.buyer.name}</Link>
          {document.buyer.npwp && <div className="small">NPWP {formatNpwp(document.buyer.npwp)}</div>}
          {document.buyer.address && <div className="small">{document.buyer.address}</div>}
        </dd>
        <dt>Keterangan</dt>
        <dd>
          {document.description}
          <div className="muted small">{ledgerKindLabel(document.transferKind)}</div>
        </dd>
        {document.orderId && (
          <>
            <dt>Pesanan</dt>
            <dd>
              <Link href={`/operator/pesanan/${document.orderId}`}>{document.orderId}</Link>
            </dd>
          </>
        )}
        {document.corrects && (
          <>
            <dt>Mengoreksi</dt>
            <dd>
              <Link href={`/operator/keuangan?nomor=${encodeURIComponent(document.corrects.number)}`}>{document.corrects.number}</Link>
            </dd>
          </>
        )}
        <dt>Tanggal</dt>
        <dd>
          {formatDateTime(document.paidAt)}
          <div className="muted small">Saat uang berpindah</div>
        </dd>
        <dt>Terbit</dt>
        <dd>{formatDateTime(document.issuedAt)}</dd>
        <dt>Jumlah</dt>
        <dd className="amount">{formatRupiah(document.amountIdr)}</dd>
        {document.practitionerFeeIdr > 0 && (
          <>
            <dt>Honorarium</dt>
            <dd>{formatRupiah(document.practitionerFeeIdr)}</dd>
          </>
        )}
        {document.platformFeeIdr > 0 && (
          <>
            <dt>Biaya platform</dt>
            <dd>
              {formatRupiah(document.platformFeeIdr)} (termasuk PPN)
              {document.tax && (
                <div className="muted small">
                  DPP {document.tax.vatBaseNumerator}/{document.tax.vatBaseDenominator} {formatRupiah(document.vatBaseIdr)} · PPN{" "}
                  {vatRateLabel(document.tax.vatRateBasisPoints)} {formatRupiah(document.vatIdr)}
                </div>
              )}
            </dd>
          </>
        )}
        {document.passThroughIdr > 0 && (
          <>
            <dt>Biaya resmi</dt>
            <dd>{formatRupiah(document.passThroughIdr)} (diteruskan sesuai biaya)</dd>
          </>
        )}
        <dt>Penerbit</dt>
        <dd>
          {document.seller.name}
          {document.seller.npwp && <div className="small">NPWP {formatNpwp(document.seller.npwp)}</div>}
        </dd>
      </dl>
      <p>
        <a className="button secondary" href={documentPdfHref(document)} download aria-label={documentPdfLabel(document)}>
          Unduh PDF
        </a>
      </p>
    </section>
  );
}

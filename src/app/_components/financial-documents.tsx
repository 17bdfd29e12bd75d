import type { FinancialDocumentKind } from "@/generated/prisma/enums";
import { DOCUMENT_KIND_LABEL } from "@/server/domain/books/numbering";
import { formatDateTime, formatRupiah } from "./format";
import { EmptyState } from "./ui";

interface DocumentRow {
  id: string;
  number: string;
  kind: FinancialDocumentKind;
  livemode: boolean;
  paidAt: Date;
  description: string;
  amountIdr: number;
}

/** A document's PDF (a test one carries the mode, as the download route reads it for an admin). */
export const documentPdfHref = (document: { id: string; livemode: boolean }) =>
  `/api/keuangan/dokumen/${document.id}${document.livemode ? "" : "?mode=test"}`;

/** What a download link of a document is called: its kind and number, read out in full. */
export const documentPdfLabel = (document: { kind: FinancialDocumentKind; number: string }) =>
  `Unduh PDF ${DOCUMENT_KIND_LABEL[document.kind]} ${document.number}`;

/** An order's receipts and credit notes, oldest first, each with its PDF (the admin's and the operator's order pages). */
export function OrderDocuments({ documents }: { documents: DocumentRow[] }) {
  if (documents.length === 0)
    return <EmptyState title="Belum ada dokumen keuangan." hint="Kuitansi terbit beberapa detik setelah pembayaran." />;
  return (
    <ul className="plain-list document-list">
      {documents.map((document) => (
        <li key={document.id}>
          <p className="row">
            <strong>{DOCUMENT_KIND_LABEL[document.kind]}</strong> <code className="document-number">{document.number}</code>
            {!document.livemode && <span className="pill pill-test">Uji</span>}
          </p>
          <p className="small">
            <span className="muted">
              {formatDateTime(document.paidAt)} · {formatRupiah(document.amountIdr)}
            </span>{" "}
            ·{" "}
            <a href={documentPdfHref(document)} download aria-label={documentPdfLabel(document)}>
              Unduh PDF
            </a>
          </p>
        </li>
      ))}
    </ul>
  );
}

import type { Actor } from "@/server/domain/access/actor";
import { depositStatementFileName, documentFileName, earningsStatementFileName, invoiceFileName } from "@/server/domain/books/file-names";
import { depositStatementCsv, earningsStatementCsv } from "@/server/domain/books/statement-csv";
import type { ServiceDeps } from "../deps";
import { documentView, getDocument } from "./documents";
import { renderDepositStatement, renderEarningsStatement, renderFinancialDocument, renderInvoice } from "./pdf/render";
import { depositStatement, invoiceView, monthlyEarningsStatement } from "./statements";

/**
 * The books as files, for every face that hands them out (REST, the portals' downloads): what may
 * be read is each read service's to decide, the bytes, name and type are decided here once.
 */

export interface BooksFile {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

export type StatementFormat = "pdf" | "csv";

const PDF = "application/pdf";
const CSV = "text/csv; charset=utf-8";

type BooksDeps = Pick<ServiceDeps, "db" | "clock">;

/** A receipt, credit note or deposit receipt as PDF. */
export async function documentFile(deps: BooksDeps, { actor, id }: { actor: Actor; id: string }): Promise<BooksFile> {
  const document = await getDocument(deps, { actor, id });
  return {
    filename: documentFileName(document.number),
    contentType: PDF,
    bytes: await renderFinancialDocument(await documentView(deps, document)),
  };
}

/** A case-board invoice as PDF. */
export async function invoiceFile(deps: BooksDeps, { actor, invoiceId }: { actor: Actor; invoiceId: string }): Promise<BooksFile> {
  const view = await invoiceView(deps, { actor, invoiceId });
  return { filename: invoiceFileName(view), contentType: PDF, bytes: await renderInvoice(view) };
}

/** An organisation's monthly deposit statement as PDF or CSV. */
export async function depositStatementFile(
  deps: BooksDeps,
  { actor, month, format }: { actor: Actor; month: string; format: StatementFormat },
): Promise<BooksFile> {
  const view = await depositStatement(deps, { actor, month });
  return format === "pdf"
    ? { filename: depositStatementFileName(view, "pdf"), contentType: PDF, bytes: await renderDepositStatement(view) }
    : { filename: depositStatementFileName(view, "csv"), contentType: CSV, bytes: Buffer.from(depositStatementCsv(view)) };
}

/** A practitioner's monthly earnings statement as PDF or CSV. */
export async function earningsStatementFile(
  deps: BooksDeps,
  { actor, month, format }: { actor: Actor; month: string; format: StatementFormat },
): Promise<BooksFile> {
  const view = await monthlyEarningsStatement(deps, { actor, month });
  return format === "pdf"
    ? { filename: earningsStatementFileName(view, "pdf"), contentType: PDF, bytes: await renderEarningsStatement(view) }
    : { filename: earningsStatementFileName(view, "csv"), contentType: CSV, bytes: Buffer.from(earningsStatementCsv(view)) };
}

import { adminActor, operatorActor, practitionerActor } from "@/server/domain/access/actor";
import type { PortalUser } from "@/server/domain/access/portal-user";
import { depositStatementFileName, documentFileName, earningsStatementFileName, invoiceFileName } from "@/server/domain/books/file-names";
import { AppError } from "@/server/domain/errors";
import { contentDispositionAttachment } from "@/server/domain/files/file-name";
import {
  depositStatement,
  depositStatementCsv,
  documentView,
  earningsStatementCsv,
  getDocument,
  invoiceView,
  monthlyEarningsStatement,
  renderDepositStatement,
  renderEarningsStatement,
  renderFinancialDocument,
  renderInvoice,
} from "@/server/services/books";
import { publicUrlOf, type ServiceDeps } from "@/server/services/deps";
import { errorResponse } from "./error-response";

type BooksDeps = Pick<ServiceDeps, "db" | "clock" | "publicUrl">;

/**
 * The books' downloads of the portals (src/app/api/keuangan): a document's PDF, an invoice's PDF
 * and a monthly statement as PDF or CSV, each for the portal user the session stands for now
 * (`user`, read by runtime/portal.ts portalRoute). The services decide what the user may read:
 * another organisation's document or invoice, or one of the other mode, is 404. An admin asks
 * for test data with `?mode=test`, as the portal's pages and exports do.
 */

/** A download's answer: an attachment the browser saves, never renders or sniffs, never caches. */
function attachment(body: string | Buffer, contentType: string, filename: string): Response {
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : new Uint8Array(body);
  return new Response(bytes, {
    headers: {
      "Content-Type": contentType,
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": contentDispositionAttachment(filename),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

const pdf = (bytes: Buffer, filename: string) => attachment(bytes, "application/pdf", filename);
const csv = (text: string, filename: string) => attachment(text, "text/csv; charset=utf-8", filename);

function signedIn(user: PortalUser | null): PortalUser {
  if (!user) throw new AppError("UNAUTHENTICATED", "Masuk terlebih dahulu untuk mengunduh.");
  return user;
}

/** Live data unless the link asks for the sandbox's. */
const livemodeOf = (req: Request) => new URL(req.url).searchParams.get("mode") !== "test";

/** GET /api/keuangan/dokumen/{id}: a receipt, credit note or deposit receipt as PDF, for its organisation's admin or the operator. */
export async function documentDownload(req: Request, deps: BooksDeps, user: PortalUser | null, id: string): Promise<Response> {
  try {
    const { id: userId, role, organizationId } = signedIn(user);
    const actor =
      role === "operator"
        ? operatorActor(userId)
        : role === "org_admin" && organizationId
          ? adminActor(userId, organizationId, livemodeOf(req))
          : null;
    if (!actor) throw new AppError("FORBIDDEN", "Dokumen keuangan diunduh oleh admin organisasi atau operator.");
    const document = await getDocument(deps, { actor, id });
    return pdf(await renderFinancialDocument(await documentView(deps, document)), documentFileName(document.number));
  } catch (err) {
    return errorResponse(req, publicUrlOf(deps), err);
  }
}

/** GET /api/keuangan/tagihan/{id}: a case-board invoice as PDF, for its organisation's admin. */
export async function invoiceDownload(req: Request, deps: BooksDeps, user: PortalUser | null, invoiceId: string): Promise<Response> {
  try {
    const { id: userId, role, organizationId } = signedIn(user);
    if (role !== "org_admin" || !organizationId) throw new AppError("FORBIDDEN", "Tagihan diunduh oleh admin organisasi.");
    const view = await invoiceView(deps, { actor: adminActor(userId, organizationId, livemodeOf(req)), invoiceId });
    return pdf(await renderInvoice(view), invoiceFileName(view));
  } catch (err) {
    return errorResponse(req, publicUrlOf(deps), err);
  }
}

/**
 * GET /api/keuangan/laporan/{YYYY-MM}?format=pdf|csv: the month's statement of the user's own
 * money: an admin's deposit (in the mode asked), a practitioner's earnings. PDF unless asked.
 */
export async function statementDownload(req: Request, deps: BooksDeps, user: PortalUser | null, month: string): Promise<Response> {
  try {
    const { id: userId, role, organizationId, practitionerId } = signedIn(user);
    const format = new URL(req.url).searchParams.get("format") ?? "pdf";
    if (format !== "pdf" && format !== "csv") throw new AppError("VALIDATION", "format: pdf atau csv.", "format");
    if (role === "org_admin" && organizationId) {
      const view = await depositStatement(deps, { actor: adminActor(userId, organizationId, livemodeOf(req)), month });
      return format === "pdf"
        ? pdf(await renderDepositStatement(view), depositStatementFileName(view, "pdf"))
        : csv(depositStatementCsv(view), depositStatementFileName(view, "csv"));
    }
    if (role === "practitioner" && practitionerId) {
      const view = await monthlyEarningsStatement(deps, { actor: practitionerActor(userId, practitionerId), month });
      return format === "pdf"
        ? pdf(await renderEarningsStatement(view), earningsStatementFileName(view, "pdf"))
        : csv(earningsStatementCsv(view), earningsStatementFileName(view, "csv"));
    }
    throw new AppError("FORBIDDEN", "Laporan bulanan diunduh oleh admin organisasi atau praktisi.");
  } catch (err) {
    return errorResponse(req, publicUrlOf(deps), err);
  }
}

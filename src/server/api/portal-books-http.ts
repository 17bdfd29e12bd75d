import { adminActor, operatorActor, practitionerActor } from "@/server/domain/access/actor";
import type { PortalUser } from "@/server/domain/access/portal-user";
import { AppError } from "@/server/domain/errors";
import { contentDispositionAttachment } from "@/server/domain/files/file-name";
import { type BooksFile, depositStatementFile, documentFile, earningsStatementFile, invoiceFile } from "@/server/services/books";
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
function attachment({ filename, contentType, bytes }: BooksFile): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": contentType,
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": contentDispositionAttachment(filename),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

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
    return attachment(await documentFile(deps, { actor, id }));
  } catch (err) {
    return errorResponse(req, publicUrlOf(deps), err);
  }
}

/** GET /api/keuangan/tagihan/{id}: a case-board invoice as PDF, for its organisation's admin. */
export async function invoiceDownload(req: Request, deps: BooksDeps, user: PortalUser | null, invoiceId: string): Promise<Response> {
  try {
    const { id: userId, role, organizationId } = signedIn(user);
    if (role !== "org_admin" || !organizationId) throw new AppError("FORBIDDEN", "Tagihan diunduh oleh admin organisasi.");
    return attachment(await invoiceFile(deps, { actor: adminActor(userId, organizationId, livemodeOf(req)), invoiceId }));
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
    if (role === "org_admin" && organizationId)
      return attachment(await depositStatementFile(deps, { actor: adminActor(userId, organizationId, livemodeOf(req)), month, format }));
    if (role === "practitioner" && practitionerId)
      return attachment(await earningsStatementFile(deps, { actor: practitionerActor(userId, practitionerId), month, format }));
    throw new AppError("FORBIDDEN", "Laporan bulanan diunduh oleh admin organisasi atau praktisi.");
  } catch (err) {
    return errorResponse(req, publicUrlOf(deps), err);
  }
}

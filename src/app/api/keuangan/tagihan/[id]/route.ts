import { invoiceDownload } from "@/server/api/portal-books-http";
import { appDepsOf } from "@/server/runtime";
import { portalRoute } from "@/server/runtime/portal";

export const dynamic = "force-dynamic";

/** GET /api/keuangan/tagihan/{id}[?mode=test]: a case-board invoice as PDF. */
export const GET = portalRoute<{ id: string }>((req, user, runtime, { id }) => invoiceDownload(req, appDepsOf(runtime), user, id));

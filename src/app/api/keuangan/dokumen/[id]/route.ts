import { documentDownload } from "@/server/api/portal-books-http";
import { appDepsOf } from "@/server/runtime";
import { portalRoute } from "@/server/runtime/portal";

export const dynamic = "force-dynamic";

/** GET /api/keuangan/dokumen/{id}[?mode=test]: a receipt, credit note or deposit receipt as PDF. */
export const GET = portalRoute<{ id: string }>((req, user, runtime, { id }) => documentDownload(req, appDepsOf(runtime), user, id));

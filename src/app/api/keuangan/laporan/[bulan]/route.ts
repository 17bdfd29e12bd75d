import { statementDownload } from "@/server/api/portal-books-http";
import { appDepsOf } from "@/server/runtime";
import { portalRoute } from "@/server/runtime/portal";

export const dynamic = "force-dynamic";

/** GET /api/keuangan/laporan/{YYYY-MM}[?format=csv][&mode=test]: the month's deposit or earnings statement. */
export const GET = portalRoute<{ bulan: string }>((req, user, runtime, { bulan }) =>
  statementDownload(req, appDepsOf(runtime), user, bulan),
);

import { organizationExport } from "@/server/api/portal-exports-http";
import { appDepsOf } from "@/server/runtime";
import { portalRoute } from "@/server/runtime/portal";

export const dynamic = "force-dynamic";

/** GET /api/organisasi/ekspor/{pesanan|mutasi}: the admin's orders or deposit statement as CSV. */
export const GET = portalRoute<{ jenis: string }>((req, user, runtime, { jenis }) =>
  organizationExport(req, appDepsOf(runtime), user, jenis),
);

import { portalDownload } from "@/server/api/portal-files-http";
import { appDepsOf } from "@/server/runtime";
import { portalRoute } from "@/server/runtime/portal";

export const dynamic = "force-dynamic";

const handle = portalRoute<{ id: string }>((req, user, runtime, { id }) => portalDownload(req, appDepsOf(runtime), user, id));

export { handle as GET, handle as HEAD };

import { handlePortalRequest } from "@/server/api/portal-http";
import { appDepsOf } from "@/server/runtime";
import { portalRoute } from "@/server/runtime/portal";

export const dynamic = "force-dynamic";

/** The session says who; every procedure reads what they are now again (sessionProcedure). */
const handle = portalRoute((req, user, runtime) =>
  handlePortalRequest(req, appDepsOf(runtime), user, [new URL(runtime.config.publicUrl).origin]),
);

export { handle as GET, handle as POST };

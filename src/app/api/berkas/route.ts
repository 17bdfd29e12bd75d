import { portalUpload } from "@/server/api/portal-files-http";
import { appDepsOf } from "@/server/runtime";
import { portalRoute } from "@/server/runtime/portal";

export const dynamic = "force-dynamic";

export const POST = portalRoute((req, user, runtime) =>
  portalUpload(req, appDepsOf(runtime), user, [new URL(runtime.config.publicUrl).origin]),
);

import { getServerSession } from "next-auth";
import { handlePortalRequest } from "@/server/api/portal-http";
import type { PortalUser } from "@/server/domain/portal-user";
import { appDepsOf, getRuntime } from "@/server/runtime";
import { authOptions } from "@/server/runtime/portal";

export const dynamic = "force-dynamic";

/** The session says who; every procedure reads what they are now (sessionProcedure). */
async function handle(req: Request): Promise<Response> {
  const runtime = getRuntime();
  const session = await getServerSession(authOptions());
  return handlePortalRequest(req, appDepsOf(runtime), (session?.user as PortalUser | undefined) ?? null, [
    new URL(runtime.config.publicUrl).origin,
  ]);
}

export { handle as GET, handle as POST };

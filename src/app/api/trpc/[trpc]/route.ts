import { getServerSession } from "next-auth";
import { handlePortalRequest } from "@/server/api/portal-http";
import { authOptions } from "@/server/auth/options";
import type { PortalUser } from "@/server/auth/session";
import { appDepsOf, getRuntime } from "@/server/runtime";

export const dynamic = "force-dynamic";

async function handle(req: Request): Promise<Response> {
  const session = await getServerSession(authOptions);
  return handlePortalRequest(req, appDepsOf(getRuntime()), (session?.user as PortalUser | undefined) ?? null);
}

export { handle as GET, handle as POST };

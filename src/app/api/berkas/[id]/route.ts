import { getServerSession } from "next-auth";
import { portalDownload } from "@/server/api/portal-files-http";
import type { PortalUser } from "@/server/domain/portal-user";
import { appDepsOf, getRuntime } from "@/server/runtime";
import { authOptions } from "@/server/runtime/portal";

export const dynamic = "force-dynamic";

async function handle(req: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const runtime = getRuntime();
  const session = await getServerSession(authOptions());
  const { id } = await params;
  return portalDownload(req, appDepsOf(runtime), (session?.user as PortalUser | undefined) ?? null, id);
}

export { handle as GET, handle as HEAD };

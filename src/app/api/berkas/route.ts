import { getServerSession } from "next-auth";
import { portalUpload } from "@/server/api/portal-files-http";
import type { PortalUser } from "@/server/domain/portal-user";
import { appDepsOf, getRuntime } from "@/server/runtime";
import { authOptions } from "@/server/runtime/portal";

export const dynamic = "force-dynamic";

export async function POST(req: Request): Promise<Response> {
  const runtime = getRuntime();
  const session = await getServerSession(authOptions());
  return portalUpload(req, appDepsOf(runtime), (session?.user as PortalUser | undefined) ?? null, [
    new URL(runtime.config.publicUrl).origin,
  ]);
}

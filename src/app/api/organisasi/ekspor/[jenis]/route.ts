import { getServerSession } from "next-auth";
import { organizationExport } from "@/server/api/portal-exports-http";
import type { PortalUser } from "@/server/domain/portal-user";
import { appDepsOf, getRuntime } from "@/server/runtime";
import { authOptions } from "@/server/runtime/portal";

export const dynamic = "force-dynamic";

/** GET /api/organisasi/ekspor/{pesanan|mutasi}: the admin's orders or deposit statement as CSV. */
export async function GET(req: Request, { params }: { params: Promise<{ jenis: string }> }): Promise<Response> {
  const runtime = getRuntime();
  const session = await getServerSession(authOptions());
  const { jenis } = await params;
  return organizationExport(req, appDepsOf(runtime), (session?.user as PortalUser | undefined) ?? null, jenis);
}

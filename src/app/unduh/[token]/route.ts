import { linkDownload } from "@/server/api/portal-files-http";
import { appDepsOf, getRuntime } from "@/server/runtime";

export const dynamic = "force-dynamic";

async function handle(req: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const runtime = getRuntime();
  const { token } = await params;
  return linkDownload(req, appDepsOf(runtime), token);
}

export { handle as GET, handle as HEAD };

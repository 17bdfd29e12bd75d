import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { getServerSession } from "next-auth";
import { portalRouter } from "@/server/api/portal";
import { createContext } from "@/server/api/context";
import { authOptions } from "@/server/auth/options";
import type { PortalUser } from "@/server/auth/session";
import { newId } from "@/server/domain/ids";
import { appDepsOf, getRuntime } from "@/server/runtime";

export const dynamic = "force-dynamic";

async function handle(req: Request): Promise<Response> {
  const session = await getServerSession(authOptions);
  const deps = appDepsOf(getRuntime());
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: portalRouter,
    createContext: () => createContext(deps, newId("request"), Object.fromEntries(req.headers), (session?.user as PortalUser | undefined) ?? null),
  });
}

export { handle as GET, handle as POST };

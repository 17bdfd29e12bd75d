import "server-only";
import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import type { UserRole } from "@/generated/prisma/enums";
import { createContext } from "./api/context";
import { portalRouter } from "./api/portal";
import { createCallerFactory } from "./api/trpc";
import { authOptions } from "./auth/options";
import { PORTAL_HOME, type PortalUser } from "./auth/session";
import { newId } from "./domain/ids";
import { appDepsOf, getRuntime } from "./runtime";

const createPortalCaller = createCallerFactory(portalRouter);

/**
 * For server components: the signed-in user of `role` and a caller of the same portal
 * procedures the browser uses, so pages and /api/trpc share every role and ownership check.
 */
export async function portalPage(role: UserRole) {
  const session = await getServerSession(authOptions);
  const user = session?.user as PortalUser | undefined;
  if (!user) redirect("/masuk");
  if (user.role !== role) redirect(PORTAL_HOME[user.role]);
  const caller = createPortalCaller(createContext(appDepsOf(getRuntime()), newId("request"), {}, user));
  return { user, caller };
}

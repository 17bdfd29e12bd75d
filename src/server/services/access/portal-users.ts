import type { Prisma } from "@/generated/prisma/client";
import type { OrganizationStatus } from "@/generated/prisma/enums";
import type { PortalUser } from "@/server/domain/access/portal-user";
import type { ServiceDeps } from "../deps";

/** What a portal session needs of a user row, in one query. */
const PORTAL_USER_SELECT = {
  id: true,
  email: true,
  name: true,
  role: true,
  passwordHash: true,
  memberships: { take: 1, orderBy: { createdAt: "asc" }, select: { organizationId: true, organization: { select: { status: true } } } },
  practitioner: { select: { id: true, active: true } },
} as const;

export interface PortalAccount {
  user: PortalUser;
  /** For org admins: their organisation's status now; its admins may look but not act unless aktif. */
  organizationStatus: OrganizationStatus | null;
  passwordHash: string;
}

type PortalUserRow = Prisma.UserGetPayload<{ select: typeof PORTAL_USER_SELECT }>;

/**
 * The user as a portal session may carry them now, or null when they may not sign in at all: the
 * user is gone, a practitioner is deactivated, or an org admin belongs to no organisation.
 */
export async function findPortalAccount(deps: Pick<ServiceDeps, "db">, where: { email: string }): Promise<PortalAccount | null> {
  return accountOf(await deps.db.user.findUnique({ where, select: PORTAL_USER_SELECT }));
}

/**
 * A session record's user as findPortalAccount reads them, in the same query as the session, or null
 * once the session ended or expired.
 */
export async function findSessionAccount(
  deps: Pick<ServiceDeps, "db" | "clock">,
  { sessionId }: { sessionId: string },
): Promise<PortalAccount | null> {
  const session = await deps.db.portalSession.findUnique({
    where: { id: sessionId },
    select: { endedAt: true, expiresAt: true, user: { select: PORTAL_USER_SELECT } },
  });
  if (!session || session.endedAt || session.expiresAt <= deps.clock.now()) return null;
  return accountOf(session.user, sessionId);
}

/**
 * The one check of a portal session, for every portal procedure, page and route: the account the
 * session (what its cookie says: who, which session record) stands for now, or null when there is
 * no session, its record ended or expired, or the record is another user's.
 */
export async function liveSessionAccount(
  deps: Pick<ServiceDeps, "db" | "clock">,
  session: Pick<PortalUser, "id" | "sessionId"> | null | undefined,
): Promise<PortalAccount | null> {
  if (!session?.sessionId) return null;
  const account = await findSessionAccount(deps, { sessionId: session.sessionId });
  return account?.user.id === session.id ? account : null;
}

function accountOf(row: PortalUserRow | null, sessionId?: string): PortalAccount | null {
  if (!row) return null;
  if (row.role === "practitioner" && !row.practitioner?.active) return null;
  const membership = row.memberships[0];
  if (row.role === "org_admin" && !membership) return null;
  return {
    user: {
      id: row.id,
      email: row.email,
      name: row.name,
      role: row.role,
      organizationId: membership?.organizationId ?? null,
      practitionerId: row.practitioner?.id ?? null,
      ...(sessionId ? { sessionId } : {}),
    },
    organizationStatus: membership?.organization.status ?? null,
    passwordHash: row.passwordHash,
  };
}

import type { OrganizationStatus } from "@/generated/prisma/enums";
import type { PortalUser } from "@/server/domain/portal-user";
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

/**
 * The user as a portal session may carry them now, or null when they may not sign in at all: the
 * user is gone, a practitioner is deactivated, or an org admin belongs to no organisation.
 */
export async function findPortalAccount(
  deps: Pick<ServiceDeps, "db">,
  where: { id: string } | { email: string },
): Promise<PortalAccount | null> {
  const { db } = deps;
  const row = await db.user.findUnique({ where, select: PORTAL_USER_SELECT });
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
    },
    organizationStatus: membership?.organization.status ?? null,
    passwordHash: row.passwordHash,
  };
}

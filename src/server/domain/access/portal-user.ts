import type { UserRole } from "@/generated/prisma/enums";

/**
 * Who is signed in to a portal: what the services read of a user (services/access/portal-users.ts) and
 * what the next-auth JWT carries (auth/options.ts).
 */
export interface PortalUser {
  id: string;
  email: string;
  name: string;
  role: UserRole;
  /** For org admins: the organisation they manage. */
  organizationId: string | null;
  /** For practitioners: their practitioner profile. */
  practitionerId: string | null;
  /** The portal session (services/access/sessions.ts) the user is signed in with; absent on a user read by e-mail or id. */
  sessionId?: string;
}

/** How long a portal session lives: the next-auth JWT and its session record alike. */
export const PORTAL_SESSION_HOURS = 12;

/** Where each role's portal starts. */
export const PORTAL_HOME: Record<UserRole, string> = {
  practitioner: "/praktisi",
  org_admin: "/organisasi",
  operator: "/operator",
};

import type { UserRole } from "@/generated/prisma/enums";

/**
 * Who is signed in to a portal: what the services read of a user (services/portal-users.ts) and
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
}

/** Where each role's portal starts. */
export const PORTAL_HOME: Record<UserRole, string> = {
  practitioner: "/praktisi",
  org_admin: "/organisasi",
  operator: "/operator",
};

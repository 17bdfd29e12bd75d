import type { UserRole } from "@/generated/prisma/enums";

/** Who is signed in to a portal; carried in the next-auth JWT. */
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

export const PORTAL_HOME: Record<UserRole, string> = {
  practitioner: "/praktisi",
  org_admin: "/organisasi",
  operator: "/operator",
};

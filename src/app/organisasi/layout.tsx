import type { ReactNode } from "react";
import { PortalShell } from "@/app/_components/portal-shell";
import { portalPage } from "@/server/runtime/portal";
import "./organisasi.css";

export const dynamic = "force-dynamic";

export default async function OrganizationLayout({ children }: { children: ReactNode }) {
  const { user, caller } = await portalPage("org_admin");
  // Live orders and official costs wait for a person; test ones are decided by the agent's test helpers as often as by the admin.
  const [pending, costs] = await Promise.all([caller.organization.pendingApprovals(), caller.organization.pendingCosts()]);
  return (
    <PortalShell user={user} badges={{ "/organisasi/persetujuan": pending.live + costs.live }}>
      {/* Scopes the admin and operator consoles' styles (globals.css) to these pages. */}
      <div className="konsol">{children}</div>
    </PortalShell>
  );
}

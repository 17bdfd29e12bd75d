import type { ReactNode } from "react";
import { PortalShell } from "@/app/_components/portal-shell";
import { portalPage } from "@/server/runtime/portal";

export const dynamic = "force-dynamic";

export default async function OperatorLayout({ children }: { children: ReactNode }) {
  const { user } = await portalPage("operator");
  return (
    <PortalShell user={user}>
      {/* Scopes the admin and operator consoles' styles (globals.css) to these pages. */}
      <div className="konsol">{children}</div>
    </PortalShell>
  );
}

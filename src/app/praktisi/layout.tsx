import type { ReactNode } from "react";
import { PortalShell } from "@/app/_components/portal-shell";
import { portalPage } from "@/server/runtime/portal";
import { OfferNotifier } from "./_components/offer-notifier";
import "./praktisi.css";

export const dynamic = "force-dynamic";

export default async function PractitionerLayout({ children }: { children: ReactNode }) {
  const { user } = await portalPage("practitioner");
  return (
    <PortalShell user={user}>
      {/* Scopes the practitioner portal's styles (globals.css) to these pages. */}
      <div className="praktisi">
        <OfferNotifier />
        {children}
      </div>
    </PortalShell>
  );
}

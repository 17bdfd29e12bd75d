import type { ReactNode } from "react";
import type { PortalUser } from "@/server/domain/access/portal-user";
import { PortalHeader } from "./portal-header";
import { ToastProvider } from "./toast";

const MAIN_ID = "konten";

/**
 * Every portal page's frame: a skip link past the navigation, the header, and the page in a
 * ToastProvider. `badges` (nav href → count) marks work waiting behind a link.
 */
export function PortalShell({ user, badges, children }: { user: PortalUser; badges?: Record<string, number>; children: ReactNode }) {
  return (
    <div className="portal">
      <a href={`#${MAIN_ID}`} className="skip-link">
        Lewati ke konten
      </a>
      <PortalHeader role={user.role} userName={user.name} badges={badges} />
      {/* tabIndex -1: the skip link moves keyboard focus here, not only the scroll position. */}
      <main id={MAIN_ID} className="portal-main" tabIndex={-1}>
        <ToastProvider>{children}</ToastProvider>
      </main>
    </div>
  );
}

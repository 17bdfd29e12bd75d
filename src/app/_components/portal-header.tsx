"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useId, useState } from "react";
import type { UserRole } from "@/generated/prisma/enums";
import { currentNavHref, NAV, ROLE_LABEL } from "./nav";
import { SignOutButton } from "./sign-out-button";

/**
 * The portal's header: brand, navigation (the current page marked with aria-current), who is
 * signed in. Under 720px it is one row, and the navigation opens as a panel from "Menu".
 */
export function PortalHeader({ role, userName, badges = {} }: { role: UserRole; userName: string; badges?: Record<string, number> }) {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const items = NAV[role];
  const current = currentNavHref(
    pathname,
    items.map((item) => item.href),
  );

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <header className="topbar">
      <div className="topbar-bar">
        <Link href="/" className="brand">
          Kuasa
        </Link>
        <button type="button" className="menu-button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          <span aria-hidden="true">{open ? "✕" : "☰"}</span> Menu
        </button>
      </div>
      <div id={panelId} className={`topbar-panel${open ? " open" : ""}`}>
        <nav aria-label="Navigasi utama">
          <ul>
            {items.map((item) => {
              const count = badges[item.href] ?? 0;
              return (
                <li key={item.href}>
                  {/* A followed link closes the panel: the next page starts with its content, not the menu. */}
                  <Link href={item.href} aria-current={item.href === current ? "page" : undefined} onClick={() => setOpen(false)}>
                    {item.label}
                    {count > 0 && (
                      <>
                        <span className="nav-count" aria-hidden="true">
                          {count}
                        </span>
                        <span className="visually-hidden"> ({count} menunggu)</span>
                      </>
                    )}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="who">
          {/* From 721px the role sits under the name, so the navigation keeps the width of one row. */}
          <span className="who-name">
            {userName}
            <span className="who-sep"> · </span>
            <span className="muted who-role">{ROLE_LABEL[role]}</span>
          </span>
          <SignOutButton />
        </div>
      </div>
    </header>
  );
}

import Link from "next/link";
import type { TableParams } from "@/app/_components/table-query";

export type DataMode = "live" | "test";

/** The page's data mode from its URL: `?mode=test` shows the sandbox's data, anything else live data. */
export function modeOf(params: TableParams): DataMode {
  const value = Array.isArray(params.mode) ? params.mode[0] : params.mode;
  return value === "test" ? "test" : "live";
}

/** `href` in the given mode (live is the default, so it carries no parameter). */
export const inMode = (href: string, mode: DataMode) => (mode === "test" ? `${href}${href.includes("?") ? "&" : "?"}mode=test` : href);

/**
 * Live or test data, as two links (the search and filters of one mode mean nothing in the other,
 * so switching starts afresh), and a banner that stays in view while test data is shown.
 */
export function ModeSwitch({
  basePath,
  mode,
  what,
  waiting,
}: {
  basePath: string;
  mode: DataMode;
  what: string;
  /** What waits for the admin in each mode, shown as a count beside it. */
  waiting?: Record<DataMode, number>;
}) {
  const count = (of: DataMode) =>
    waiting && waiting[of] > 0 ? (
      <>
        {" "}
        <span className="nav-count" aria-hidden="true">
          {waiting[of]}
        </span>
        <span className="visually-hidden"> ({waiting[of]} menunggu)</span>
      </>
    ) : null;
  return (
    <div className="mode-bar">
      <nav className="mode-switch" aria-label={`Data ${what}: live atau uji`}>
        <Link href={basePath} aria-current={mode === "live" ? "page" : undefined} className={mode === "live" ? "active" : undefined}>
          Live{count("live")}
        </Link>
        <Link
          href={inMode(basePath, "test")}
          aria-current={mode === "test" ? "page" : undefined}
          className={mode === "test" ? "active" : undefined}
        >
          Uji (sandbox){count("test")}
        </Link>
      </nav>
      {mode === "test" && <TestModeBanner />}
    </div>
  );
}

export function TestModeBanner() {
  return (
    <p className="test-banner" role="note">
      <strong>Mode uji.</strong> Anda melihat data sandbox dari kunci <code>kk_test_</code>: uang uji, tanpa praktisi sungguhan.
    </p>
  );
}

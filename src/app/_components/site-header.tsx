import Link from "next/link";

/** The public pages' header: the brand home, the API reference, and the way into the portals. */
export function SiteHeader({ current }: { current?: "/docs" | "/masuk" } = {}) {
  return (
    <header className="site-header">
      <Link href="/" className="brand">
        Kuasa
      </Link>
      <nav aria-label="Navigasi situs">
        <ul>
          <li>
            <Link href="/docs" aria-current={current === "/docs" ? "page" : undefined}>
              Dokumentasi API
            </Link>
          </li>
          <li>
            <Link href="/masuk" className="button secondary" aria-current={current === "/masuk" ? "page" : undefined}>
              Masuk
            </Link>
          </li>
        </ul>
      </nav>
    </header>
  );
}

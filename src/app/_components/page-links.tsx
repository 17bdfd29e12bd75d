import Link from "next/link";

/** The URL parameter a paged portal list keeps its cursor in: the id of the last row shown before. */
const AFTER_PARAM = "setelah";

/**
 * The links under one page of a paged portal list: on to the next page (after `lastId`, the last
 * row shown) while more rows exist, and back to the first once past it. `param` names the list's
 * cursor in the URL, so two lists on one page are paged apart.
 */
export function PageLinks(props: {
  path: string;
  label: string;
  after: string | undefined;
  hasMore: boolean;
  lastId: string | undefined;
  param?: string;
}) {
  const { path, label, after, hasMore, lastId, param = AFTER_PARAM } = props;
  const next = hasMore && lastId ? `${path}?${param}=${encodeURIComponent(lastId)}` : null;
  if (!after && !next) return null;
  return (
    <nav className="row" aria-label={`Halaman ${label}`}>
      {after && (
        <Link className="button secondary" href={path}>
          ← Kembali ke awal
        </Link>
      )}
      {next && (
        <Link className="button secondary" href={next}>
          Muat lebih banyak →
        </Link>
      )}
    </nav>
  );
}

import type { ConflictMatter } from "@/server/domain/practitioners/conflicts";

/**
 * Whom the practitioner must have no conflict of interest with (Kode Etik Advokat Indonesia
 * Pasal 4 huruf j): the client (the ordering organisation first, then the parties the intake names
 * as the client) and the other side. On an offer, contact data in a name is masked.
 */
export function OrderParties({ parties }: { parties: ConflictMatter }) {
  const [organisation, ...rest] = parties.clients;
  // Each name once: a key of its own, and nothing read twice.
  const named = [...new Set(rest)].filter((name) => name !== organisation);
  const counterparties = [...new Set(parties.counterparties)];
  return (
    <dl className="facts order-parties">
      <dt>Klien</dt>
      <dd>
        <ul className="party-list">
          {organisation !== undefined && (
            <li>
              {organisation} <span className="muted small">(pemesan)</span>
            </li>
          )}
          {named.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      </dd>
      <dt>Pihak lawan</dt>
      <dd>
        {counterparties.length > 0 ? (
          <ul className="party-list">
            {counterparties.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        ) : (
          <span className="muted">Tidak ada pihak lawan yang disebut</span>
        )}
      </dd>
    </dl>
  );
}

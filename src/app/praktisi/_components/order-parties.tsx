import type { ConflictMatter } from "@/server/domain/practitioners/conflicts";

/**
 * Whom the practitioner must have no conflict of interest with (Kode Etik Advokat Indonesia
 * Pasal 4 huruf j): the client (the organisation first, marked with `organisationNote`, then the
 * other names the client side gives) and the other side. Masked where the order or case still is.
 */
export function OrderParties({ parties, organisationNote }: { parties: ConflictMatter; organisationNote: string }) {
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
              {organisation} <span className="muted small">({organisationNote})</span>
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

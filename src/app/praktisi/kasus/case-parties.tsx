import type { ConflictMatter } from "@/server/domain/practitioners/conflicts";

/**
 * Whom a bidder must have no conflict of interest with (Kode Etik Advokat Indonesia Pasal 4 huruf
 * j): the client (the organisation that posted the case, then the client's contact person) and the
 * other side. Masked like the rest of the case until the bid is selected.
 */
export function CaseParties({ parties, headingId }: { parties: ConflictMatter; headingId: string }) {
  const [organisation, ...rest] = parties.clients;
  // Each name once: a key of its own, and nothing read twice.
  const contacts = [...new Set(rest)].filter((name) => name !== organisation);
  const counterparties = [...new Set(parties.counterparties)];
  return (
    <section className="offer-parties case-parties" aria-labelledby={headingId}>
      <h3 id={headingId}>Pihak dalam kasus ini</h3>
      <dl className="facts order-parties">
        <dt>Klien</dt>
        <dd>
          <ul className="party-list">
            {organisation !== undefined && (
              <li>
                {organisation} <span className="muted small">(organisasi pengaju)</span>
              </li>
            )}
            {contacts.map((name) => (
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
    </section>
  );
}

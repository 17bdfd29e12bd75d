import Link from "next/link";
import type { z } from "zod";
import { formatDateTime } from "@/app/_components/format";
import type { orderOutput } from "@/server/api/schemas/portal/operator-portal";
import { OFFER_STATUS_LABEL } from "./labels";
import { offeringReasonText } from "./offering-reason";

type OrderView = z.infer<typeof orderOutput>;
type Offer = OrderView["offers"][number];

const At = ({ at }: { at: Date }) => <time dateTime={new Date(at).toISOString()}>{formatDateTime(at)}</time>;

/** When the offer was made, and when it was answered, ran out or was withdrawn (or until when it stands). */
function OfferTimes({ offer }: { offer: Offer }) {
  const ended = offer.respondedAt ?? offer.expiresAt;
  const outcome =
    offer.status === "aktif" ? (
      <>
        berlaku sampai <At at={offer.expiresAt} />
      </>
    ) : offer.status === "kedaluwarsa" ? (
      <>
        kedaluwarsa <At at={ended} />
      </>
    ) : offer.status === "dibatalkan" ? (
      <>
        ditarik <At at={ended} />
      </>
    ) : (
      <>
        dijawab <At at={ended} />
      </>
    );
  return (
    <>
      Ditawarkan <At at={offer.offeredAt} /> · {outcome}
    </>
  );
}

/**
 * Every offer of the order, oldest first: the round, who, where it stands, when, and why the
 * offering chose them then (or that the operator did). The operator's alone.
 */
export function OfferList({ offers }: { offers: readonly Offer[] }) {
  if (offers.length === 0) return <p className="muted">Belum ada tawaran untuk pesanan ini.</p>;
  return (
    <ol className="timeline" aria-label="Tawaran pesanan ini, yang terlama dahulu">
      {offers.map((offer) => {
        const status = OFFER_STATUS_LABEL[offer.status];
        return (
          <li key={offer.id}>
            <span>
              <strong>Putaran {offer.round}</strong> ·{" "}
              <Link href={`/operator/praktisi/${offer.practitioner.id}`}>{offer.practitioner.name}</Link>{" "}
              <span className={`pill ${status.tone}`} title={offer.status}>
                {status.text}
              </span>
              <span className="audit-detail small muted">
                <OfferTimes offer={offer} />
              </span>
              <span className="audit-detail">{offeringReasonText(offer.reason)}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The conflict check of the order: the parties the offering checked practitioners against (the
 * client's side first), when, and when the practitioner who took it stated they have no conflict.
 */
export function ConflictCheck({ check, taken }: { check: OrderView["conflictCheck"]; taken: boolean }) {
  if (!check) return <p className="muted">Belum diperiksa: pesanan belum ditawarkan.</p>;
  return (
    <>
      <dl className="facts">
        <dt>Pihak</dt>
        <dd>
          {check.parties.length === 0 ? (
            <span className="muted">Pesanan ini tidak menyebut pihak</span>
          ) : (
            <ul className="plain-list" aria-label="Pihak yang diperiksa">
              {check.parties.map((party) => (
                <li key={party}>{party}</li>
              ))}
            </ul>
          )}
        </dd>
        <dt>Diperiksa</dt>
        <dd>
          <At at={check.checkedAt} />
        </dd>
        <dt>Konfirmasi</dt>
        <dd>
          {check.confirmedAt ? (
            <>
              Praktisi menyatakan tidak ada benturan kepentingan pada <At at={check.confirmedAt} />.
            </>
          ) : (
            <span className="muted">Belum dikonfirmasi{taken ? "" : ": belum ada praktisi yang mengambil pesanan ini"}.</span>
          )}
        </dd>
      </dl>
      <p className="muted small">
        Klien disebut dahulu, lalu pihak lain. Praktisi yang pernah mewakili atau berhadapan dengan salah satu pihak ini, atau mencatatnya
        di daftar benturan kepentingannya, tidak ditawari pesanan ini.
      </p>
    </>
  );
}

import Link from "next/link";
import { areaLabel } from "@/app/_components/case-status";
import { formatDateTime, formatRupiah } from "@/app/_components/format";
import type { portalPage } from "@/server/runtime/portal";
import { OrderParties } from "../_components/order-parties";
import { BidForm } from "./bid-form";
import { BID_STATUS_LABEL, CASE_STATUS_LABEL } from "./labels";
import { WithdrawBid } from "./withdraw-bid";

type Caller = Awaited<ReturnType<typeof portalPage>>["caller"];
export type PractitionerCase = Awaited<ReturnType<Caller["practitioner"]["case"]>>;

/**
 * One case as the practitioner may see it: masked until their bid is selected, with its parties.
 * With their bid (and its withdrawal while open), or the bid form when they have none on an open case.
 */
export function CaseCard({ item, link = false }: { item: PractitionerCase; link?: boolean }) {
  const headingId = `case-${item.id}`;
  const bid = item.myBid;
  return (
    <article className={`card case${item.selected ? " case-selected" : ""}`} aria-labelledby={headingId}>
      <header className="offer-head">
        <div>
          <p className="eyebrow">
            {item.id} · diajukan {formatDateTime(item.createdAt)}
          </p>
          <h2 id={headingId}>{link ? <Link href={`/praktisi/kasus/${item.id}`}>{areaLabel(item.area)}</Link> : areaLabel(item.area)}</h2>
        </div>
        <span className="badge">{CASE_STATUS_LABEL[item.status]}</span>
      </header>

      <dl className="facts">
        <dt>Urgensi</dt>
        <dd>{item.urgency || "—"}</dd>
        <dt>Kisaran anggaran</dt>
        <dd>{item.budgetRange || "—"}</dd>
        <dt>Kontak</dt>
        <dd>
          {item.contact.name} · {item.contact.email}
          {item.contact.phone && <> · {item.contact.phone}</>}
        </dd>
      </dl>
      <h3>Cerita klien</h3>
      <p className="story">{item.story}</p>
      {!item.selected && <p className="muted small">E-mail, nomor telepon, dan NIK disamarkan sampai penawaran Anda dipilih klien.</p>}
      <section className="offer-parties case-parties" aria-labelledby={`${headingId}-parties`}>
        <h3 id={`${headingId}-parties`}>Pihak dalam kasus ini</h3>
        {/* The organisation that posted the case, then the client's contact person. */}
        <OrderParties parties={item.parties} organisationNote="organisasi pengaju" />
      </section>

      {bid ? (
        <section className="my-bid" aria-label="Penawaran Anda">
          <h3>
            Penawaran Anda · <span className={`bid-status bid-${bid.status}`}>{BID_STATUS_LABEL[bid.status]}</span>
          </h3>
          <dl className="facts">
            <dt>Harga Anda</dt>
            <dd className="amount">{formatRupiah(bid.priceIdr)}</dd>
            <dt>Klien membayar</dt>
            <dd>{formatRupiah(bid.clientPaysIdr)}</dd>
            <dt>Perkiraan selesai</dt>
            <dd>{bid.etaDays} hari</dd>
            <dt>Lingkup</dt>
            <dd className="story">{bid.scope}</dd>
            {bid.note && (
              <>
                <dt>Catatan</dt>
                <dd className="story">{bid.note}</dd>
              </>
            )}
          </dl>
          {item.canWithdraw && <WithdrawBid bidId={bid.id} />}
        </section>
      ) : (
        item.canBid && <BidForm caseId={item.id} />
      )}
    </article>
  );
}

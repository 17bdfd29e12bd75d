"use client";
import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";
import { useAction } from "@/app/_components/action";
import { ConfirmDialogButton } from "@/app/_components/confirm-dialog";
import { Countdown } from "@/app/_components/countdown";
import { FormMessages } from "@/app/_components/field";
import { formatDateTime, formatRupiah } from "@/app/_components/format";
import { FileList } from "@/app/_components/order-files";
import { IntakeList, MessageThread } from "@/app/_components/order-parts";
import { trpc } from "@/app/_components/trpc";
import { useHydrated } from "@/app/_components/use-hydrated";
import type { OfferView } from "@/server/api/schemas/portal/practitioner-portal";
import { OFFER_ERRORS } from "./_components/messages";
import { NoConflictStatement, useNoConflictStatement } from "./_components/no-conflict-statement";
import { OrderParties } from "./_components/order-parties";
import { ConflictDecline } from "./conflict-decline";

const NO_CONFLICT_MISSING =
  "Centang dahulu pernyataan bahwa Anda tidak memiliki benturan kepentingan dengan pihak-pihak pesanan ini, lalu ambil pesanan lagi.";

// As the server component hands it over: React carries the Date fields across as Dates.
export function OfferCard({ offer }: { offer: OfferView }) {
  const router = useRouter();
  const { busy, error, setError, run } = useAction(OFFER_ERRORS);
  const hydrated = useHydrated();
  const [expired, setExpired] = useState(false);
  const [conflictOpen, setConflictOpen] = useState(false);
  // Taking the offer states there is no conflict of interest with the parties listed (Kode Etik Advokat Indonesia Pasal 4 huruf j).
  const noConflict = useNoConflictStatement(setError);
  const { order } = offer;
  const headingId = `offer-${offer.offerId}`;
  const conflictId = `offer-conflict-${offer.offerId}`;
  const partiesId = `offer-parties-${offer.offerId}`;
  const noConflictId = `offer-no-conflict-${offer.offerId}`;
  const attachments = order.files.filter((f) => f.from === "order");

  // Time is up: the server has moved the order on; reload the list.
  const onExpire = useCallback(() => {
    setExpired(true);
    router.refresh();
  }, [router]);

  async function accept() {
    if (!noConflict.required(NO_CONFLICT_MISSING)) return;
    const result = await run(() => trpc.practitioner.acceptOffer.mutate({ offerId: offer.offerId, noConflict: true }));
    // A full page load, not router.push: the inbox's polling refreshes would otherwise keep
    // superseding a slow client-side navigation to the order.
    if (result.ok) window.location.assign(`/praktisi/pesanan/${result.value}`);
  }

  return (
    <article className="card offer" aria-labelledby={headingId}>
      <header className="offer-head">
        <div>
          <p className="eyebrow">Tawaran pesanan · {order.id}</p>
          <h2 id={headingId}>{order.service.name}</h2>
        </div>
        <div className="offer-timer">
          <span className="muted">Sisa waktu menjawab</span>
          <Countdown until={offer.expiresAt.toISOString()} onExpire={onExpire} />
        </div>
      </header>

      <dl className="facts">
        <dt>Pendapatan Anda</dt>
        <dd className="amount">{order.earningIdr === null ? "—" : formatRupiah(order.earningIdr)}</dd>
        <dt>SLA</dt>
        <dd>
          {order.service.slaLabel}
          {order.slaDueAt && <span className="muted"> · tenggat {formatDateTime(order.slaDueAt)}</span>}
        </dd>
      </dl>

      <h3>Data dari klien</h3>
      <p className="muted small">E-mail, nomor telepon, dan NIK disamarkan sampai Anda mengambil pesanan.</p>
      <IntakeList intake={order.intake} labels={order.intakeLabels} files={order.files} />

      {attachments.length > 0 && (
        <>
          <h3>Lampiran dari klien</h3>
          <p className="muted small">Data kontak dalam nama berkas disamarkan. Berkas bisa dibuka setelah Anda mengambil pesanan.</p>
          <FileList files={attachments} label="Lampiran dari klien" />
        </>
      )}

      {order.messages.length > 0 && (
        <>
          <h3>Pesan</h3>
          <MessageThread messages={order.messages} mine="practitioner" mineLabel="Anda" files={order.files} />
        </>
      )}

      <section className="offer-parties" aria-labelledby={partiesId}>
        <h3 id={partiesId}>Pihak dalam pesanan ini</h3>
        <OrderParties parties={order.parties} organisationNote="pemesan" />
        {!expired && (
          <NoConflictStatement
            id={noConflictId}
            box={noConflict.box}
            label="Saya menyatakan tidak memiliki benturan kepentingan dengan pihak-pihak di atas (Kode Etik Advokat Indonesia Pasal 4 huruf j)."
            hint="Wajib dicentang untuk mengambil pesanan. Bila ada benturan kepentingan, pilih Tolak karena benturan kepentingan."
          />
        )}
      </section>

      <FormMessages error={error} />
      {expired ? (
        <p className="muted" role="status">
          Waktu tawaran habis; pesanan ditawarkan ke praktisi berikutnya.
        </p>
      ) : (
        <div className="row offer-actions">
          <button type="button" className="button" disabled={busy || !hydrated} onClick={() => void accept()}>
            {busy ? "Memproses…" : "Ambil pesanan"}
          </button>
          <ConfirmDialogButton
            label="Tolak"
            title="Tolak tawaran ini?"
            confirmLabel="Ya, tolak"
            tone="secondary"
            danger
            busy={busy}
            onConfirm={() => run(() => trpc.practitioner.declineOffer.mutate({ offerId: offer.offerId }))}
          >
            <p>Pesanan langsung ditawarkan ke praktisi lain dan tidak kembali kepada Anda pada putaran ini.</p>
          </ConfirmDialogButton>
          <button
            type="button"
            className="button secondary"
            aria-expanded={conflictOpen}
            aria-controls={conflictId}
            disabled={busy || !hydrated}
            onClick={() => setConflictOpen((open) => !open)}
          >
            Tolak karena benturan kepentingan
          </button>
        </div>
      )}
      {!expired && conflictOpen && (
        <ConflictDecline
          id={conflictId}
          offerId={offer.offerId}
          orderId={order.id}
          parties={order.parties}
          onCancel={() => setConflictOpen(false)}
        />
      )}
    </article>
  );
}

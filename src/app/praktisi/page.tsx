import { AutoRefresh } from "@/app/_components/auto-refresh";
import { formatDateTime } from "@/app/_components/format";
import { PageLinks } from "@/app/_components/page-links";
import { EmptyState, PageTitle } from "@/app/_components/ui";
import { portalPage } from "@/server/runtime/portal";
import { OfferCard } from "./offer-card";

export const dynamic = "force-dynamic";

/** The withdrawn notices are paged apart from the offers. */
const WITHDRAWN_AFTER = "ditarik_setelah";

export default async function OffersPage({ searchParams }: { searchParams: Promise<{ setelah?: string; ditarik_setelah?: string }> }) {
  const [{ caller }, { setelah: after, [WITHDRAWN_AFTER]: withdrawnAfter }] = await Promise.all([portalPage("practitioner"), searchParams]);
  const [offers, withdrawn] = await Promise.all([
    caller.practitioner.offers({ starting_after: after }),
    caller.practitioner.withdrawnOffers({ starting_after: withdrawnAfter }),
  ]);
  return (
    <>
      <PageTitle lead="Setiap tawaran berlaku 30 menit untuk Anda saja. Ambil pesanan untuk melihat data lengkap klien, atau tolak agar langsung ditawarkan ke praktisi lain.">
        Tawaran
      </PageTitle>
      <AutoRefresh seconds={5} />
      {withdrawn.data.length > 0 && (
        <ul className="plain-list withdrawn" aria-label="Tawaran yang ditarik dalam 24 jam terakhir">
          {withdrawn.data.map((offer) => (
            <li key={offer.offerId} className="waiting">
              <strong>Tawaran {offer.service} ditarik:</strong>{" "}
              {offer.orderStatus === "direfund" ? "dana pesanan dikembalikan ke klien (direfund)" : "klien membatalkan pesanan"}.
              <div className="small">
                {offer.orderId} · {formatDateTime(offer.withdrawnAt)}
              </div>
            </li>
          ))}
        </ul>
      )}
      <PageLinks
        path="/praktisi"
        label="tawaran yang ditarik"
        param={WITHDRAWN_AFTER}
        after={withdrawnAfter}
        hasMore={withdrawn.has_more}
        lastId={withdrawn.data.at(-1)?.offerId}
      />
      {offers.data.length === 0 ? (
        <EmptyState
          title="Belum ada tawaran untuk Anda"
          hint="Tawaran baru muncul di sini dengan sendirinya; halaman ini diperbarui setiap 5 detik."
        />
      ) : (
        offers.data.map((offer) => <OfferCard key={offer.offerId} offer={offer} />)
      )}
      <PageLinks path="/praktisi" label="tawaran" after={after} hasMore={offers.has_more} lastId={offers.data.at(-1)?.offerId} />
    </>
  );
}

import { formatDateTime } from "@/app/_components/format";
import { EmptyState, PageTitle } from "@/app/_components/ui";
import { portalPage } from "@/server/portal";
import { AutoRefresh } from "@/app/_components/auto-refresh";
import { OfferCard } from "./offer-card";

export const dynamic = "force-dynamic";

export default async function OffersPage() {
  const { caller } = await portalPage("practitioner");
  const [offers, withdrawn] = await Promise.all([caller.practitioner.offers(), caller.practitioner.withdrawnOffers()]);
  return (
    <>
      <PageTitle lead="Setiap tawaran berlaku 30 menit untuk Anda saja. Ambil pesanan untuk melihat data lengkap klien, atau tolak agar langsung ditawarkan ke praktisi lain.">
        Tawaran
      </PageTitle>
      <AutoRefresh seconds={5} />
      {withdrawn.length > 0 && (
        <ul className="plain-list withdrawn" aria-label="Tawaran yang ditarik dalam 24 jam terakhir">
          {withdrawn.map((offer) => (
            <li key={offer.offerId} className="waiting">
              <strong>Tawaran {offer.service} ditarik:</strong> {offer.orderStatus === "direfund" ? "dana pesanan dikembalikan ke klien (direfund)" : "klien membatalkan pesanan"}.
              <div className="small">
                {offer.orderId} · {formatDateTime(offer.withdrawnAt)}
              </div>
            </li>
          ))}
        </ul>
      )}
      {offers.length === 0 ? (
        <EmptyState title="Belum ada tawaran untuk Anda" hint="Tawaran baru muncul di sini dengan sendirinya; halaman ini diperbarui setiap 5 detik." />
      ) : (
        offers.map((offer) => <OfferCard key={offer.offerId} offer={offer} />)
      )}
    </>
  );
}

import { EmptyState, PageTitle } from "@/app/_components/ui";
import { portalPage } from "@/server/portal";
import { AutoRefresh } from "./_components/auto-refresh";
import { OfferCard } from "./offer-card";

export const dynamic = "force-dynamic";

export default async function OffersPage() {
  const { caller } = await portalPage("practitioner");
  const offers = await caller.practitioner.offers();
  return (
    <>
      <PageTitle lead="Setiap tawaran berlaku 30 menit untuk Anda saja. Ambil pesanan untuk melihat data lengkap klien, atau tolak agar langsung ditawarkan ke praktisi lain.">
        Tawaran
      </PageTitle>
      <AutoRefresh seconds={5} />
      {offers.length === 0 ? (
        <EmptyState title="Belum ada tawaran untuk Anda" hint="Tawaran baru muncul di sini dengan sendirinya; halaman ini diperbarui setiap 5 detik." />
      ) : (
        offers.map((offer) => <OfferCard key={offer.offerId} offer={offer} />)
      )}
    </>
  );
}

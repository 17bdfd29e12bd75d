import { formatDateTime } from "@/app/_components/format";
import { NEWCOMER_TURN, type OfferingReason } from "@/server/domain/offers/offering-order";

const decimal = new Intl.NumberFormat("id-ID", { maximumFractionDigits: 2 });
const percent = new Intl.NumberFormat("id-ID", { style: "percent", maximumFractionDigits: 0 });

/**
 * Why the offering offered the order to this practitioner then, as one plain paragraph for the
 * operator (docs/decisions/offering-order.md): their place among those who could be offered it,
 * then what ranked them there, in the ranking's own order (load, expected stars, least recently
 * offered). Null reason: the operator chose them by hand (or the offer predates the record).
 */
export function offeringReasonText(reason: OfferingReason | null): string {
  if (!reason) return "Dipilih langsung oleh operator.";
  const load = reason.live_offers + reason.orders_in_progress;
  const rank =
    `Urutan ${reason.position} dari ${reason.of} yang memenuhi syarat: ` +
    `beban ${load} (${reason.live_offers} tawaran aktif, ${reason.orders_in_progress} pesanan berjalan), ` +
    `perkiraan bintang ${decimal.format(reason.expected_stars)} ` +
    `(rating ${decimal.format(reason.rating)} · menjawab ${percent.format(reason.response_rate)} · tepat waktu ${percent.format(reason.on_time_rate)}), ` +
    (reason.last_offered_at ? `terakhir ditawari ${formatDateTime(reason.last_offered_at)}` : "belum pernah ditawari sebelumnya") +
    (reason.newcomer ? "; belum pernah mengerjakan pesanan di bidang ini." : ".");
  if (!reason.newcomers_turn) return rank;
  const turn =
    reason.position > 1
      ? `Giliran praktisi baru di bidang ini (setiap tawaran ke-${NEWCOMER_TURN}), didahulukan dari yang berperingkat lebih tinggi.`
      : `Giliran praktisi baru di bidang ini (setiap tawaran ke-${NEWCOMER_TURN}); ia juga berada di urutan teratas.`;
  return `${turn} ${rank}`;
}

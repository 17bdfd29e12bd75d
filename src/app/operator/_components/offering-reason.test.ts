import { describe, expect, it } from "vitest";
import type { OfferingReason } from "@/server/domain/offers/offering-order";
import { offeringReasonText } from "./offering-reason";

const ranked: OfferingReason = {
  position: 1,
  of: 3,
  live_offers: 0,
  orders_in_progress: 0,
  expected_stars: 4.35,
  rating: 4.6,
  response_rate: 0.95,
  on_time_rate: 1,
  last_offered_at: "2026-11-28T03:00:00.000Z",
  newcomer: false,
  newcomers_turn: false,
};

describe("why a practitioner was offered an order, as the operator reads it", () => {
  it("says their place and what ranked them there, in the ranking's order, with Indonesian numbers and Jakarta time", () => {
    expect(offeringReasonText(ranked)).toBe(
      "Urutan 1 dari 3 yang memenuhi syarat: beban 0 (0 tawaran aktif, 0 pesanan berjalan), perkiraan bintang 4,35 " +
        "(rating 4,6 · menjawab 95% · tepat waktu 100%), terakhir ditawari 28 Nov 2026, 10.00 WIB.",
    );
  });

  it("counts live offers and orders in progress as the load, and says when they were never offered before", () => {
    expect(offeringReasonText({ ...ranked, position: 2, live_offers: 1, orders_in_progress: 2, last_offered_at: null })).toMatch(
      /^Urutan 2 dari 3 yang memenuhi syarat: beban 3 \(1 tawaran aktif, 2 pesanan berjalan\), .*, belum pernah ditawari sebelumnya\.$/,
    );
  });

  it("names a newcomer's turn first, and that it put them ahead of better-ranked practitioners", () => {
    const text = offeringReasonText({ ...ranked, position: 3, newcomer: true, newcomers_turn: true });
    expect(text).toMatch(
      /^Giliran praktisi baru di bidang ini \(setiap tawaran ke-5\), didahulukan dari yang berperingkat lebih tinggi\. Urutan 3 dari 3 /,
    );
    expect(text).toMatch(/; belum pernah mengerjakan pesanan di bidang ini\.$/);
    expect(offeringReasonText({ ...ranked, newcomer: true, newcomers_turn: true })).not.toContain("didahulukan");
  });

  it("says the operator chose them when the offer has no recorded reason", () => {
    expect(offeringReasonText(null)).toBe("Dipilih langsung oleh operator.");
  });
});

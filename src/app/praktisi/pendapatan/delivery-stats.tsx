import { EmptyState } from "@/app/_components/ui";
import { type DeliveryFigures, STATS_MIN_COMPLETED_ORDERS, STATS_WINDOW_DAYS } from "@/server/domain/catalog/service-stats";
import { Figure } from "../_components/figure";

const number = (value: number, digits: number) => value.toLocaleString("id-ID", { maximumFractionDigits: digits });
const percent = (rate: number | null) => (rate === null ? "—" : rate.toLocaleString("id-ID", { style: "percent" }));

/** The practitioner's own delivery statistics, counted as the catalog counts a service's. */
export function DeliveryStats({ figures }: { figures: DeliveryFigures }) {
  const nothingYet = figures.ordersCompleted90d === 0 && figures.acceptanceRate === null && figures.disputeRate === null;
  return (
    <>
      <h2 className="section-title">Kinerja {STATS_WINDOW_DAYS} hari terakhir</h2>
      <p className="muted">
        Dihitung dari pesanan live Anda {STATS_WINDOW_DAYS} hari terakhir, dengan cara yang sama seperti statistik layanan yang dibaca agen
        di katalog; pesanan uji tidak dihitung. Di katalog, angka semua praktisi digabung per layanan dan baru tampil setelah{" "}
        {STATS_MIN_COMPLETED_ORDERS} pesanan selesai.
      </p>
      {nothingYet ? (
        <EmptyState
          title={`Belum ada tawaran atau pesanan dalam ${STATS_WINDOW_DAYS} hari terakhir`}
          hint="Angka kinerja Anda muncul di sini setelah Anda menerima tawaran dan menyelesaikan pesanan."
        />
      ) : (
        <div className="stats">
          <Figure
            label="Pesanan selesai"
            value={String(figures.ordersCompleted90d)}
            hint="Pesanan yang Anda kerjakan dan menjadi selesai: diterima klien, diterima otomatis, atau sengketa yang diputus operator."
          />
          <Figure
            label="Median waktu penyerahan"
            value={figures.medianHoursToDelivery === null ? "—" : `${number(figures.medianHoursToDelivery, 1)} jam`}
            hint="Dari pembayaran klien sampai hasil pertama Anda serahkan, termasuk waktu menunggu data klien; separuh pesanan lebih cepat dari ini."
          />
          <Figure
            label="Tepat waktu"
            value={percent(figures.onTimeRate)}
            hint="Pesanan selesai yang hasil pertamanya Anda serahkan paling lambat pada batas waktu SLA."
          />
          <Figure
            label="Tawaran diterima"
            value={percent(figures.acceptanceRate)}
            hint="Tawaran yang Anda ambil, dari tawaran yang Anda ambil, tolak, atau biarkan kedaluwarsa."
          />
          <Figure
            label="Sengketa"
            value={percent(figures.disputeRate)}
            hint="Pesanan Anda yang berakhir (selesai atau direfund) dan sempat masuk sengketa."
          />
          <Figure
            label="Rating"
            value={figures.ratingAverage === null ? "—" : `${number(figures.ratingAverage, 2)} dari 5`}
            hint={
              figures.ratingCount === 0
                ? "Belum ada ulasan atas pesanan selesai."
                : `Dari ${figures.ratingCount} ulasan atas pesanan selesai.`
            }
          />
        </div>
      )}
    </>
  );
}

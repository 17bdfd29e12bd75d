import Link from "next/link";
import { AutoRefresh } from "@/app/_components/auto-refresh";
import { areaLabel } from "@/app/_components/case-status";
import { formatDateTime, formatRupiah } from "@/app/_components/format";
import { PageLinks } from "@/app/_components/page-links";
import { EmptyState, PageTitle } from "@/app/_components/ui";
import { portalPage } from "@/server/runtime/portal";
import { CaseCard } from "./case-card";
import { BID_STATUS_LABEL } from "./labels";

export const dynamic = "force-dynamic";

/** My bids are paged apart from the open cases. */
const BIDS_AFTER = "penawaran_setelah";

export default async function CaseBoardPage({ searchParams }: { searchParams: Promise<{ setelah?: string; penawaran_setelah?: string }> }) {
  const [{ caller }, { setelah: after, [BIDS_AFTER]: bidsAfter }] = await Promise.all([portalPage("practitioner"), searchParams]);
  const [cases, bids] = await Promise.all([
    caller.practitioner.cases({ starting_after: after }),
    caller.practitioner.myBids({ starting_after: bidsAfter }),
  ]);
  return (
    <>
      <PageTitle lead="Kasus terbuka di bidang Anda. Ajukan satu penawaran per kasus; klien memilih satu penawaran dan membayar harga Anda ditambah biaya platform.">
        Papan kasus
      </PageTitle>
      <AutoRefresh seconds={15} />

      <h2 className="section-title">Penawaran saya</h2>
      {bids.data.length === 0 ? (
        <p className="muted">Anda belum mengajukan penawaran. Hasilnya (dipilih atau tidak) akan tampil di sini.</p>
      ) : (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Penawaran saya dan hasilnya</caption>
            <thead>
              <tr>
                <th scope="col">Kasus</th>
                <th scope="col">Hasil</th>
                <th scope="col" className="num">
                  Harga Anda
                </th>
                <th scope="col" className="num">
                  Klien membayar
                </th>
                <th scope="col">Diajukan</th>
              </tr>
            </thead>
            <tbody>
              {bids.data.map((bid) => (
                <tr key={bid.id}>
                  <td data-label="Kasus">
                    <div>
                      <Link href={`/praktisi/kasus/${bid.case.id}`}>{areaLabel(bid.case.area)}</Link>
                      <div className="muted small">{bid.case.id}</div>
                    </div>
                  </td>
                  <td data-label="Hasil">
                    <div>
                      <span className={`bid-status bid-${bid.status}`}>{BID_STATUS_LABEL[bid.status]}</span>
                      {bid.selected && <div className="small">Data kontak klien terbuka di halaman kasus.</div>}
                    </div>
                  </td>
                  <td data-label="Harga Anda" className="num">
                    {formatRupiah(bid.priceIdr)}
                  </td>
                  <td data-label="Klien membayar" className="num">
                    {formatRupiah(bid.clientPaysIdr)}
                  </td>
                  <td data-label="Diajukan">{formatDateTime(bid.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <PageLinks
        path="/praktisi/kasus"
        label="penawaran saya"
        param={BIDS_AFTER}
        after={bidsAfter}
        hasMore={bids.has_more}
        lastId={bids.data.at(-1)?.id}
      />

      <h2 className="section-title">Kasus terbuka di bidang Anda</h2>
      {cases.data.length === 0 ? (
        <EmptyState
          title="Belum ada kasus terbuka di bidang Anda"
          hint="Kasus baru muncul di sini dengan sendirinya; halaman ini diperbarui setiap 15 detik."
        />
      ) : (
        cases.data.map((item) => <CaseCard key={item.id} item={item} />)
      )}
      <PageLinks path="/praktisi/kasus" label="kasus terbuka" after={after} hasMore={cases.has_more} lastId={cases.data.at(-1)?.id} />
    </>
  );
}

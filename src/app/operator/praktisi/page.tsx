import type { Metadata } from "next";
import Link from "next/link";
import { BankAccountStatus } from "@/app/_components/bank-account-status";
import { CardList } from "@/app/_components/card-list";
import { categoryLabel, formatDateTime, formatRupiah } from "@/app/_components/format";
import { PageLinks } from "@/app/_components/page-links";
import { Card, PageTitle } from "@/app/_components/ui";
import { MIN_PASSWORD_LENGTH } from "@/server/domain/access/password";
import { portalPage } from "@/server/runtime/portal";
import { EndSessionsButton } from "../_components/end-sessions-button";
import { ActiveToggle, CreatePractitionerForm, EditPractitionerForm, PayoutForm } from "../_components/practitioner-forms";

export const metadata: Metadata = { title: "Praktisi · Operator — Kuasa" };

export default async function PractitionersPage({ searchParams }: { searchParams: Promise<{ setelah?: string }> }) {
  const [{ caller }, { setelah: after }] = await Promise.all([portalPage("operator"), searchParams]);
  // Offers match on the catalog's categories (and credentials, kept on each practitioner's page).
  const [practitioners, { categories }] = await Promise.all([
    caller.operator.practitioners({ starting_after: after }),
    caller.operator.services(),
  ]);
  return (
    <>
      <PageTitle lead="Praktisi hanya ditawari pesanan layanan dalam kategorinya, bila memegang kredensial terverifikasi yang masih berlaku, dan untuk layanan yang mensyaratkan kredensial tertentu hanya bila memegangnya. Kredensial dikelola di halaman setiap praktisi.">
        Praktisi
      </PageTitle>
      <Card title="Daftarkan praktisi">
        <CreatePractitionerForm categories={categories} minPasswordLength={MIN_PASSWORD_LENGTH} />
      </Card>

      <h2 className="section-title">Semua praktisi, yang terbaru di atas</h2>
      <CardList
        label="Semua praktisi"
        items={practitioners.data}
        itemKey={(p) => p.id}
        empty={{
          title: "Belum ada praktisi.",
          hint: "Daftarkan praktisi pertama dengan formulir di atas; pesanan yang dibayar baru bisa ditawarkan setelah ada praktisi aktif.",
        }}
        render={(p) => (
          <article className={`card${p.active ? "" : " inactive"}`} aria-labelledby={`${p.id}-title`}>
            <header className="card-head">
              <div>
                <h3 id={`${p.id}-title`}>
                  <Link href={`/operator/praktisi/${p.id}`}>{p.name}</Link>
                </h3>
                <p className="muted small">
                  {p.email} · <code>{p.id}</code>
                </p>
              </div>
              <span className={`pill ${p.active ? "pill-ok" : "pill-muted"}`}>{p.active ? "Aktif" : "Nonaktif"}</span>
            </header>
            <dl className="facts">
              <dt>Label</dt>
              <dd>
                {p.label ?? <span className="muted">Belum ada kredensial yang berlaku: tidak ditawari pesanan</span>}{" "}
                <Link href={`/operator/praktisi/${p.id}`}>
                  Kelola kredensial<span className="visually-hidden"> {p.name}</span>
                </Link>
              </dd>
              <dt>Tawaran baru</dt>
              <dd>{p.available ? "Menerima" : <span className="muted">Dijeda oleh praktisi</span>}</dd>
              <dt>Kategori</dt>
              <dd>
                {p.categories.length ? (
                  p.categories.map(categoryLabel).join(", ")
                ) : (
                  <span className="muted">Belum ada — tidak akan ditawari pesanan</span>
                )}
              </dd>
              <dt>Sedang dipegang</dt>
              <dd>
                {p.ordersInHand} pesanan · {p.liveOffers} tawaran aktif
              </dd>
              <dt>Terakhir ditawari</dt>
              <dd>{p.lastOfferedAt ? formatDateTime(p.lastOfferedAt) : <span className="muted">Belum pernah</span>}</dd>
              <dt>Saldo belum dicairkan</dt>
              <dd>{formatRupiah(p.payableIdr)}</dd>
              <dt>Rekening pencairan</dt>
              <dd>
                {p.bankAccount ? (
                  <>
                    {p.bankAccount.bankName} <code>{p.bankAccount.accountNumber}</code> a.n. {p.bankAccount.holderName}{" "}
                    <BankAccountStatus verifiedAt={p.bankAccount.verifiedAt} />
                  </>
                ) : (
                  <span className="muted">Belum diisi praktisi</span>
                )}{" "}
                <Link href={`/operator/praktisi/${p.id}/rekening`}>Riwayat dan verifikasi</Link>
              </dd>
            </dl>
            <div className="org-actions">
              <ActiveToggle practitionerId={p.id} name={p.name} active={p.active} liveOffers={p.liveOffers} />
              <EndSessionsButton userId={p.userId} name={p.name} />
              <details className="disclosure">
                <summary>Ubah kategori</summary>
                <EditPractitionerForm practitionerId={p.id} checked={p.categories} categories={categories} />
              </details>
              {p.payableIdr > 0 &&
                (p.bankAccount?.verifiedAt ? (
                  <details className="disclosure">
                    <summary>Catat pencairan</summary>
                    <PayoutForm practitionerId={p.id} name={p.name} payableIdr={p.payableIdr} account={p.bankAccount} />
                  </details>
                ) : (
                  <p className="muted small">Pencairan bisa dicatat setelah rekening praktisi ini diverifikasi.</p>
                ))}
            </div>
          </article>
        )}
      />
      <PageLinks
        path="/operator/praktisi"
        label="praktisi"
        after={after}
        hasMore={practitioners.has_more}
        lastId={practitioners.data.at(-1)?.id}
      />
    </>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { BankAccountStatus } from "@/app/_components/bank-account-status";
import { CardList } from "@/app/_components/card-list";
import { formatDateTime } from "@/app/_components/format";
import { Card, PageTitle } from "@/app/_components/ui";
import { portalPage } from "@/server/runtime/portal";
import { isNotFound } from "../../../_components/not-found";
import { VerifyBankAccountButton } from "../../../_components/practitioner-forms";

export const metadata: Metadata = { title: "Rekening praktisi · Operator — Kuasa" };

export default async function BankAccountPage({ params }: { params: Promise<{ id: string }> }) {
  const { caller } = await portalPage("operator");
  const { id } = await params;
  const { practitioner, accounts } = await caller.operator
    .bankAccounts({ practitionerId: id })
    .catch((err: unknown) => (isNotFound(err) ? notFound() : Promise.reject(err)));
  // The service lists the current account (not replaced) first.
  const current = accounts.find((account) => account.replacedAt === null);
  const replaced = accounts.filter((account) => account !== current);
  return (
    <>
      <p className="back">
        <Link href="/operator/praktisi">← Semua praktisi</Link>
      </p>
      <PageTitle lead="Pencairan hanya ke rekening terverifikasi. Setiap perubahan oleh praktisi perlu verifikasi ulang; rekening lama tetap tercatat.">
        {`Rekening ${practitioner.name}`}
      </PageTitle>
      <Card title="Rekening saat ini">
        {current ? (
          <>
            <dl className="facts">
              <dt>Bank</dt>
              <dd>{current.bankName}</dd>
              <dt>Nomor rekening</dt>
              <dd>
                <code>{current.accountNumber}</code>
              </dd>
              <dt>Atas nama</dt>
              <dd>{current.holderName}</dd>
              <dt>Diisi praktisi</dt>
              <dd>{formatDateTime(current.createdAt)}</dd>
              <dt>Status</dt>
              <dd>
                <BankAccountStatus verifiedAt={current.verifiedAt} />
                {current.verifiedAt && (
                  <span className="muted small">
                    {" "}
                    {formatDateTime(current.verifiedAt)}
                    {current.verifiedBy ? ` oleh ${current.verifiedBy.name}` : ""}
                  </span>
                )}
              </dd>
            </dl>
            {current.recent && current.verifiedAt && (
              <p className="notice">
                Diubah atau diverifikasi kurang dari 24 jam lalu: pencairan ke rekening ini meminta konfirmasi kedua.
              </p>
            )}
            {!current.verifiedAt && (
              <VerifyBankAccountButton
                practitionerId={practitioner.id}
                bankAccountId={current.id}
                name={practitioner.name}
                destination={current.destination}
              />
            )}
          </>
        ) : (
          <p className="muted">Praktisi ini belum mengisi rekening; pencairan belum bisa dicatat.</p>
        )}
      </Card>

      <h2 className="section-title">Rekening sebelumnya</h2>
      <CardList
        label="Rekening sebelumnya"
        items={replaced}
        itemKey={(account) => account.id}
        empty={{ title: "Belum pernah diganti." }}
        render={(account) => (
          <article className="card inactive" aria-label={account.destination}>
            <dl className="facts">
              <dt>Rekening</dt>
              <dd>
                {account.bankName} <code>{account.accountNumber}</code> a.n. {account.holderName}
              </dd>
              <dt>Dipakai</dt>
              <dd>
                {formatDateTime(account.createdAt)} – {account.replacedAt && formatDateTime(account.replacedAt)}
              </dd>
              <dt>Verifikasi</dt>
              <dd>
                {account.verifiedAt ? (
                  `${formatDateTime(account.verifiedAt)}${account.verifiedBy ? ` oleh ${account.verifiedBy.name}` : ""}`
                ) : (
                  <span className="muted">Tidak pernah diverifikasi</span>
                )}
              </dd>
            </dl>
          </article>
        )}
      />
    </>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { formatDateTime, formatRupiah } from "@/app/_components/format";
import { InviteForm } from "@/app/_components/invite-form";
import { RevokeInvitationButton } from "@/app/_components/revoke-invitation-button";
import { Card, PageTitle, StatusBadge } from "@/app/_components/ui";
import { portalPage } from "@/server/runtime/portal";
import { EndSessionsButton } from "../../_components/end-sessions-button";
import { isNotFound } from "../../_components/not-found";
import { OrgStatusActions, TopUpForm } from "../../_components/org-actions";
import { ORG_STATUS } from "../../_components/org-status";

export const metadata: Metadata = { title: "Detail organisasi · Operator — Kuasa" };

export default async function OrganizationPage({ params }: { params: Promise<{ id: string }> }) {
  const { caller } = await portalPage("operator");
  const { id } = await params;
  const org = await caller.operator
    .organization({ organizationId: id })
    .catch((err: unknown) => (isNotFound(err) ? notFound() : Promise.reject(err)));
  const [team, content] = await Promise.all([
    caller.operator.team({ organizationId: id }),
    caller.operator.organizationContentFindings({ organizationId: id }),
  ]);
  const pending = team.invitations.filter((invitation) => invitation.status === "menunggu");
  return (
    <>
      <p className="back">
        <Link href="/operator/organisasi">← Semua organisasi</Link>
      </p>
      <PageTitle lead={`Terdaftar ${formatDateTime(org.createdAt)}.`}>{org.name}</PageTitle>
      <p>
        <span className={`pill ${ORG_STATUS[org.status].tone}`}>{ORG_STATUS[org.status].text}</span> <code>{org.id}</code>
      </p>

      <div className="stats">
        <section className="stat" aria-label="Deposit live">
          <p className="stat-label">Deposit live</p>
          <p className="stat-value">{formatRupiah(org.depositIdr)}</p>
          <p className="muted small">Deposit uji (sandbox): {formatRupiah(org.testDepositIdr)}</p>
        </section>
        <section className="stat" aria-label="Kunci API aktif">
          <p className="stat-label">Kunci API aktif</p>
          <p className="stat-value">{org.liveKeys + org.testKeys}</p>
          <p className="muted small">
            {org.liveKeys} live · {org.testKeys} uji
          </p>
        </section>
        <section className="stat" aria-label="Pesanan live">
          <p className="stat-label">Pesanan live</p>
          <p className="stat-value">{org.liveOrders}</p>
          <p>
            <Link href={`/operator/pesanan?organisasi=${org.id}`}>Lihat semua pesanannya</Link>
          </p>
        </section>
        <section className="stat" aria-label="Temuan konten 90 hari">
          <p className="stat-label">Temuan konten 90 hari</p>
          <p className="stat-value">{content.findings?.total ?? 0}</p>
          <p>
            <Link href={`/operator/konten/${org.id}`}>Lihat temuan aturan konten</Link>
          </p>
        </section>
      </div>

      <div className="order-layout">
        <div>
          <Card title="Catat setoran deposit">
            <TopUpForm organizationId={org.id} name={org.name} />
          </Card>
          <Card title="Pesanan terbaru">
            {org.recentOrders.length === 0 ? (
              <p className="muted">Belum ada pesanan. Pesanan muncul setelah agen organisasi ini memanggil POST /v1/orders.</p>
            ) : (
              <ul className="plain-list">
                {org.recentOrders.map((order) => (
                  <li key={order.id}>
                    <Link href={`/operator/pesanan/${order.id}`}>
                      <code>{order.id}</code>
                    </Link>{" "}
                    · {order.service.name} · <StatusBadge status={order.status} /> · {formatRupiah(order.priceIdr)}{" "}
                    {order.livemode ? null : <span className="pill pill-test">Uji</span>} ·{" "}
                    <span className="muted">{formatDateTime(order.createdAt)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
        <aside className="order-side" aria-label="Pengaturan organisasi">
          <Card title="Status">
            <p>
              {org.status === "aktif" ? "Kunci API organisasi ini bisa dipakai." : "Kunci API organisasi ini ditolak sampai disetujui."}
            </p>
            <OrgStatusActions organizationId={org.id} name={org.name} status={org.status} />
          </Card>
          <Card title="Ketentuan">
            <dl className="facts">
              <dt>Ambang persetujuan</dt>
              <dd>
                {org.approvalThresholdIdr === null ? <span className="muted">Tidak ada</span> : formatRupiah(org.approvalThresholdIdr)}
              </dd>
            </dl>
          </Card>
          <Card title="Admin">
            {org.admins.length === 0 ? (
              <p className="muted">
                Belum ada admin. Undang admin pertama organisasi ini: ia membuat kata sandinya sendiri lewat tautan undangan.
              </p>
            ) : (
              <ul className="plain-list">
                {org.admins.map((admin) => (
                  <li key={admin.id} className="pending-invitation">
                    <div>
                      {admin.name} · <span className="muted">{admin.email}</span>
                    </div>
                    <EndSessionsButton userId={admin.id} name={admin.name} />
                  </li>
                ))}
              </ul>
            )}
            {pending.length > 0 && (
              <>
                <h3 className="small">Undangan menunggu</h3>
                <ul className="plain-list">
                  {pending.map((invitation) => (
                    <li key={invitation.id} className="pending-invitation">
                      <div>
                        <span className="break">{invitation.email}</span> ·{" "}
                        <span className="muted">berlaku sampai {formatDateTime(invitation.expiresAt)}</span>
                      </div>
                      <RevokeInvitationButton invitationId={invitation.id} email={invitation.email} organizationId={org.id} />
                    </li>
                  ))}
                </ul>
              </>
            )}
            <InviteForm organizationId={org.id} />
          </Card>
        </aside>
      </div>
    </>
  );
}

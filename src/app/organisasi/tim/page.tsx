import type { Metadata } from "next";
import { DataTable, type TableParams } from "@/app/_components/data-table";
import { formatDateTime } from "@/app/_components/format";
import { InviteForm } from "@/app/_components/invite-form";
import { RevokeInvitationButton } from "@/app/_components/revoke-invitation-button";
import { Card, PageTitle } from "@/app/_components/ui";
import { portalPage } from "@/server/runtime/portal";

export const metadata: Metadata = { title: "Tim — Kuasa" };

type InvitationStatus = "menunggu" | "diterima" | "kedaluwarsa" | "dicabut";

// Words first, colour second: the pill's text carries the status.
const INVITATION_STATUS: Record<InvitationStatus, { text: string; tone: string }> = {
  menunggu: { text: "Menunggu", tone: "pill-warn" },
  diterima: { text: "Diterima", tone: "pill-ok" },
  kedaluwarsa: { text: "Kedaluwarsa", tone: "pill-muted" },
  dicabut: { text: "Dicabut", tone: "pill-muted" },
};

export default async function TeamPage({ searchParams }: { searchParams: Promise<TableParams> }) {
  const params = await searchParams;
  const { caller, user } = await portalPage("org_admin");
  const team = await caller.organization.team();
  return (
    <>
      <PageTitle lead="Admin organisasi Anda melihat pesanan, menyetujui pembayaran, dan mengelola kunci API. Undang rekan dengan e-mail; mereka membuat kata sandinya sendiri.">
        Tim
      </PageTitle>

      <Card title="Undang admin">
        <InviteForm />
      </Card>

      <h2 className="section-title">Admin ({team.members.length})</h2>
      <DataTable
        caption="Admin organisasi"
        basePath="/organisasi/tim"
        params={params}
        columns={[
          { key: "name", header: "Nama", cell: (m) => (m.userId === user.id ? `${m.name} (Anda)` : m.name) },
          { key: "email", header: "E-mail", cell: (m) => <span className="break">{m.email}</span> },
          { key: "since", header: "Sejak", secondary: true, cell: (m) => formatDateTime(m.since) },
        ]}
        rows={team.members}
        rowKey={(m) => m.userId}
        hasMore={false}
        empty={{ title: "Belum ada admin.", hint: "Undang admin pertama dengan formulir di atas." }}
      />

      <h2 className="section-title">Undangan</h2>
      <DataTable
        caption="Undangan admin, terbaru di atas"
        basePath="/organisasi/tim"
        params={params}
        columns={[
          { key: "email", header: "E-mail", cell: (i) => <span className="break">{i.email}</span> },
          {
            key: "status",
            header: "Status",
            cell: (i) => <span className={`pill ${INVITATION_STATUS[i.status].tone}`}>{INVITATION_STATUS[i.status].text}</span>,
          },
          {
            key: "expires",
            header: "Berlaku sampai",
            secondary: true,
            cell: (i) =>
              i.acceptedAt
                ? `Diterima ${formatDateTime(i.acceptedAt)}`
                : i.revokedAt
                  ? `Dicabut ${formatDateTime(i.revokedAt)}`
                  : formatDateTime(i.expiresAt),
          },
          {
            key: "action",
            header: "Tindakan",
            cell: (i) =>
              i.status === "menunggu" ? <RevokeInvitationButton invitationId={i.id} email={i.email} /> : <span className="muted">—</span>,
          },
        ]}
        rows={team.invitations}
        rowKey={(i) => i.id}
        hasMore={false}
        empty={{
          title: "Belum ada undangan.",
          hint: "Undangan yang Anda kirim tampil di sini dengan statusnya: menunggu, diterima, kedaluwarsa, atau dicabut.",
        }}
      />
    </>
  );
}

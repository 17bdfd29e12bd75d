"use client";
import { useAction } from "@/app/_components/action";
import { ConfirmDialogButton } from "@/app/_components/confirm-dialog";
import { FormMessages } from "@/app/_components/field";
import { trpc } from "@/app/_components/trpc";

const MESSAGES = {
  INVALID_STATE: "Undangan ini sudah diterima atau sudah dicabut. Muat ulang halaman untuk melihat statusnya.",
  NOT_FOUND: "Undangan ini tidak ditemukan di organisasi Anda. Muat ulang halaman.",
};

/** Revokes a pending invitation: its link stops working at once. The operator names the organisation. */
export function RevokeInvitationButton({
  invitationId,
  email,
  organizationId,
}: {
  invitationId: string;
  email: string;
  organizationId?: string;
}) {
  const { busy, error, run } = useAction(MESSAGES, { success: `Undangan untuk ${email} dicabut.` });
  return (
    <>
      <ConfirmDialogButton
        label={`Cabut undangan ${email}`}
        title="Cabut undangan ini?"
        confirmLabel="Ya, cabut"
        tone="secondary"
        danger
        busy={busy}
        onConfirm={() =>
          run(() =>
            organizationId
              ? trpc.operator.revokeInvitation.mutate({ organizationId, invitationId })
              : trpc.organization.revokeInvitation.mutate({ invitationId }),
          )
        }
      >
        <p>
          Tautan undangan untuk <strong>{email}</strong> langsung tidak berlaku. Anda bisa mengundang alamat ini lagi setelahnya.
        </p>
      </ConfirmDialogButton>
      <FormMessages error={error} />
    </>
  );
}

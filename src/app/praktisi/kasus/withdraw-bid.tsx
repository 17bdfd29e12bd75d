"use client";
import { useAction } from "@/app/_components/action";
import { ConfirmDialogButton } from "@/app/_components/confirm-dialog";
import { FormMessages } from "@/app/_components/field";
import { trpc } from "@/app/_components/trpc";
import { CASE_ERRORS } from "../_components/messages";

export function WithdrawBid({ bidId }: { bidId: string }) {
  const { busy, error, run } = useAction(CASE_ERRORS);
  return (
    <>
      <ConfirmDialogButton
        label="Tarik penawaran"
        title="Tarik penawaran ini?"
        confirmLabel="Ya, tarik"
        tone="secondary"
        danger
        busy={busy}
        onConfirm={() => run(() => trpc.practitioner.withdrawBid.mutate({ bidId }))}
      >
        <p>Penawaran yang ditarik tidak bisa diajukan lagi untuk kasus ini.</p>
      </ConfirmDialogButton>
      <FormMessages error={error} />
    </>
  );
}

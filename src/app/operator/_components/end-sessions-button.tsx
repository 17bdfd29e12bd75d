"use client";
import { useAction } from "@/app/_components/action";
import { ConfirmDialogButton } from "@/app/_components/confirm-dialog";
import { FormMessages } from "@/app/_components/field";
import { trpc } from "@/app/_components/trpc";

const MESSAGES = { NOT_FOUND: "Pengguna ini tidak ditemukan lagi. Muat ulang halaman." };

/** Ends every portal session of a user at once: for a lost device or a cookie that may have leaked. */
export function EndSessionsButton({ userId, name }: { userId: string; name: string }) {
  const { busy, error, run } = useAction(MESSAGES, { success: `Semua sesi ${name} diakhiri.` });
  return (
    <>
      <ConfirmDialogButton
        label={`Akhiri semua sesi ${name}`}
        title={`Akhiri semua sesi ${name}?`}
        confirmLabel="Ya, akhiri semua sesi"
        tone="secondary"
        danger
        busy={busy}
        onConfirm={() => run(() => trpc.operator.endSessions.mutate({ userId }))}
      >
        <p>
          <strong>{name}</strong> langsung keluar dari portal di semua perangkat dan harus masuk lagi dengan kata sandinya. Akunnya tetap
          aktif. Gunakan ini bila perangkatnya hilang atau sesinya mungkin dipakai orang lain.
        </p>
      </ConfirmDialogButton>
      <FormMessages error={error} />
    </>
  );
}

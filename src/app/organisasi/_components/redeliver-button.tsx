"use client";
import { useState } from "react";
import { useAction } from "@/app/_components/action";
import { FormMessages } from "@/app/_components/field";
import { trpc } from "@/app/_components/trpc";

const MESSAGES = {
  NOT_FOUND: "Event ini tidak ditemukan di organisasi Anda. Muat ulang halaman.",
  CONFLICT: "Tidak ada URL tujuan: pesanan ini tidak punya callback_url dan kuncinya tidak punya URL webhook.",
};

/** Queues one more delivery of an event (five fresh attempts) to the order's current URL. */
export function RedeliverButton({ eventId }: { eventId: string }) {
  const { busy, error, run } = useAction(MESSAGES);
  const [queued, setQueued] = useState<string | null>(null);
  async function redeliver() {
    setQueued(null);
    const result = await run(() => trpc.organization.redeliver.mutate({ eventId }));
    if (result.ok) setQueued(result.value.url);
  }
  return (
    <div className="redeliver">
      <button type="button" className="button secondary" disabled={busy} onClick={() => void redeliver()}>
        {busy ? "Menjadwalkan…" : "Kirim ulang"}
      </button>
      {queued && (
        <p className="notice" role="status">
          Dijadwalkan: dikirim ke <code className="break">{queued}</code> dalam beberapa detik. Muat ulang halaman untuk melihat hasilnya.
        </p>
      )}
      <FormMessages error={error} />
    </div>
  );
}

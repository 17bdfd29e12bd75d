"use client";
import { useState } from "react";
import { useAction } from "@/app/_components/action";
import { ConfirmDialogButton } from "@/app/_components/confirm-dialog";
import { trpc } from "@/lib/trpc";
import { SecretReveal } from "./secret-reveal";
import { FormMessages } from "@/app/_components/field";

const MESSAGES = { NOT_FOUND: "Kunci ini tidak ditemukan di organisasi Anda. Muat ulang halaman." };

/** Rotate the webhook secret (shown once) or revoke one key, each after a confirmation. */
export function KeyActions({ apiKeyId, name }: { apiKeyId: string; name: string }) {
  const { busy, error, run } = useAction(MESSAGES);
  const [secret, setSecret] = useState<string | null>(null);

  async function rotate() {
    const result = await run(() => trpc.organization.rotateWebhookSecret.mutate({ apiKeyId }));
    if (result.ok) setSecret(result.value.webhookSecret);
  }

  if (secret) {
    return <SecretReveal title={`Rahasia webhook baru untuk "${name}"`} secrets={[{ label: "Rahasia webhook", value: secret }]} onDone={() => setSecret(null)} />;
  }
  return (
    <div className="key-actions">
      <FormMessages error={error} />
      <div className="row">
        <ConfirmDialogButton label="Ganti rahasia webhook" title="Ganti rahasia webhook?" confirmLabel="Ya, buat rahasia baru" tone="secondary" busy={busy} onConfirm={rotate}>
          <p>
            Webhook berikutnya untuk pesanan dari kunci <strong>{name}</strong> ditandatangani dengan rahasia baru. Perbarui penerima webhook Anda segera; tanda tangan dengan rahasia lama akan gagal.
          </p>
        </ConfirmDialogButton>
        <ConfirmDialogButton label="Cabut kunci" title="Cabut kunci ini?" confirmLabel="Ya, cabut kunci" tone="secondary" danger busy={busy} onConfirm={() => run(() => trpc.organization.revokeKey.mutate({ apiKeyId }))}>
          <p>
            Agen yang memakai <strong>{name}</strong> langsung ditolak (401). Pencabutan tidak bisa dibatalkan; buat kunci baru bila perlu. Pesanan yang sudah dibuat tetap berjalan.
          </p>
        </ConfirmDialogButton>
      </div>
    </div>
  );
}

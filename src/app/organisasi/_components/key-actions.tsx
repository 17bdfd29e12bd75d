"use client";
import { useState } from "react";
import { useAction } from "@/app/_components/action";
import { ConfirmDialogButton } from "@/app/_components/confirm-dialog";
import { FormMessages } from "@/app/_components/field";
import { formatDateTime } from "@/app/_components/format";
import { SecretReveal } from "@/app/_components/secret-reveal";
import { trpc } from "@/app/_components/trpc";
import { WEBHOOK_SECRET_OVERLAP_HOURS } from "@/server/domain/events/webhook-secret";

const MESSAGES = {
  NOT_FOUND: "Kunci ini tidak ditemukan di organisasi Anda. Muat ulang halaman.",
  CONFLICT: "Rahasia webhook kunci ini baru saja diganti oleh orang lain. Muat ulang halaman dan periksa sebelum menggantinya lagi.",
};

// How long the old secret keeps signing beside the new one (two v1 in the signature header).
const OVERLAP_CHOICES = [
  { hours: WEBHOOK_SECRET_OVERLAP_HOURS.default, label: `${WEBHOOK_SECRET_OVERLAP_HOURS.default} jam (disarankan)` },
  { hours: 1, label: "1 jam" },
  { hours: WEBHOOK_SECRET_OVERLAP_HOURS.max, label: `${WEBHOOK_SECRET_OVERLAP_HOURS.max} jam` },
  { hours: 0, label: "Langsung berhenti: rahasia lama bocor" },
];

/**
 * Rotate the webhook secret (shown once) or revoke one key, each after a confirmation.
 * `overlapUntil`: an earlier rotation's old secret still signs until then.
 */
export function KeyActions({ apiKeyId, name, overlapUntil }: { apiKeyId: string; name: string; overlapUntil: Date | null }) {
  const { busy, error, run } = useAction(MESSAGES);
  const [overlapHours, setOverlapHours] = useState<number>(WEBHOOK_SECRET_OVERLAP_HOURS.default);
  const [rotated, setRotated] = useState<{ webhookSecret: string; previousSecretExpiresAt: string | null } | null>(null);

  async function rotate() {
    const result = await run(() => trpc.organization.rotateWebhookSecret.mutate({ apiKeyId, overlapHours }));
    if (result.ok) setRotated(result.value);
  }

  if (rotated) {
    return (
      <div>
        <p role="status">
          {rotated.previousSecretExpiresAt
            ? `Rahasia lama tetap ikut menandatangani webhook sampai ${formatDateTime(rotated.previousSecretExpiresAt)}; setelah itu hanya rahasia baru.`
            : "Rahasia lama sudah tidak dipakai: webhook berikutnya hanya ditandatangani dengan rahasia baru."}
        </p>
        <SecretReveal
          title={`Rahasia webhook baru untuk "${name}"`}
          secrets={[{ label: "Rahasia webhook", value: rotated.webhookSecret }]}
          onDone={() => setRotated(null)}
        />
      </div>
    );
  }
  return (
    <div className="key-actions">
      <FormMessages error={error} />
      <div className="row">
        <ConfirmDialogButton
          label="Ganti rahasia webhook"
          title="Ganti rahasia webhook?"
          confirmLabel="Ya, buat rahasia baru"
          tone="secondary"
          busy={busy}
          onConfirm={rotate}
        >
          <p>
            Webhook berikutnya dari kunci <strong>{name}</strong> ditandatangani dengan rahasia baru. Selama masa peralihan, setiap webhook
            juga membawa tanda tangan dengan rahasia lama (dua nilai <code>v1</code>), jadi penerima yang belum diperbarui tetap
            menerimanya. Perbarui penerima Anda sebelum masa peralihan berakhir.
          </p>
          {overlapUntil && (
            <p>
              <strong>Masih ada masa peralihan sampai {formatDateTime(overlapUntil)}.</strong> Rahasia yang lebih lama itu langsung
              berhenti; rahasia saat ini menjadi rahasia lama.
            </p>
          )}
          <div className="form">
            <label>
              Rahasia lama tetap berlaku
              <select value={overlapHours} onChange={(event) => setOverlapHours(Number(event.target.value))}>
                {OVERLAP_CHOICES.map((choice) => (
                  <option key={choice.hours} value={choice.hours}>
                    {choice.label}
                  </option>
                ))}
              </select>
            </label>
          </div>
        </ConfirmDialogButton>
        <ConfirmDialogButton
          label="Cabut kunci"
          title="Cabut kunci ini?"
          confirmLabel="Ya, cabut kunci"
          tone="secondary"
          danger
          busy={busy}
          onConfirm={() => run(() => trpc.organization.revokeKey.mutate({ apiKeyId }))}
        >
          <p>
            Agen yang memakai <strong>{name}</strong> langsung ditolak (401). Pencabutan tidak bisa dibatalkan; buat kunci baru bila perlu.
            Pesanan yang sudah dibuat tetap berjalan.
          </p>
        </ConfirmDialogButton>
      </div>
    </div>
  );
}

"use client";
import { useAction } from "@/app/_components/action";
import { ConfirmDialogButton } from "@/app/_components/confirm-dialog";
import { FormMessages } from "@/app/_components/field";
import { trpc } from "@/app/_components/trpc";

const MESSAGES = {
  NOT_FOUND: "Kunci ini tidak ditemukan di organisasi Anda. Muat ulang halaman.",
  INVALID_STATE: "Kunci ini sudah dicabut, jadi versinya tidak bisa dipindahkan. Muat ulang halaman.",
};

/**
 * The API version a key is pinned to, and for a key on an older one the move to the current
 * version, after a confirmation that says the agent's answers may change (docs/versions.md).
 */
export function KeyVersion({
  apiKeyId,
  name,
  version,
  current,
  sunset,
  movable,
}: {
  apiKeyId: string;
  name: string;
  version: string;
  current: string;
  /** A deprecated version's last day (YYYY-MM-DD), else null. */
  sunset: string | null;
  /** Not revoked: a revoked key keeps the version it had. */
  movable: boolean;
}) {
  const { busy, error, run } = useAction(MESSAGES, { success: `Kunci "${name}" kini memakai versi API ${current}.` });
  if (version === current)
    return (
      <>
        <code>{version}</code> <span className="muted">(terbaru)</span>
      </>
    );
  return (
    <div>
      <p>
        <code>{version}</code>{" "}
        {sunset ? (
          <span className="pill pill-warn">Usang: berhenti dilayani {sunset}</span>
        ) : (
          <span className="muted">(versi terbaru: {current})</span>
        )}
      </p>
      <FormMessages error={error} />
      {movable && (
        <ConfirmDialogButton
          label={`Pindahkan ke versi ${current}`}
          title="Pindahkan kunci ke versi API terbaru?"
          confirmLabel={`Ya, pindahkan ke ${current}`}
          tone="secondary"
          busy={busy}
          onConfirm={() => run(() => trpc.organization.upgradeKeyVersion.mutate({ apiKeyId }))}
        >
          <p>
            Mulai permintaan berikutnya, jawaban API, MCP dan webhook untuk kunci <strong>{name}</strong> memakai bentuk versi{" "}
            <code>{current}</code>, bukan lagi <code>{version}</code>. Bentuk jawaban bisa berubah (nama atau isi kolom), sehingga agen yang
            ditulis untuk versi lama bisa gagal membacanya.
          </p>
          <p>
            Periksa catatan perubahan versi di dokumentasi API, dan uji agen Anda dulu dengan header <code>Kuasa-Version: {current}</code>.
            Kunci tidak bisa dikembalikan ke versi lama.
          </p>
        </ConfirmDialogButton>
      )}
    </div>
  );
}

"use client";
import { type FormEvent, useState } from "react";
import { useAction } from "@/app/_components/action";
import { FormMessages } from "@/app/_components/field";
import { trpc } from "@/app/_components/trpc";
import { Card } from "@/app/_components/ui";
import { useHydrated } from "@/app/_components/use-hydrated";

interface Settings {
  available: boolean;
  emailNotifications: boolean;
}

/** The practitioner's switches, saved together; the page re-renders with what was stored. */
export function ProfileForm({ profile }: { profile: Settings }) {
  const { busy, error, run } = useAction(undefined, { success: "Pengaturan disimpan." });
  const hydrated = useHydrated();
  const [available, setAvailable] = useState(profile.available);
  const [emailNotifications, setEmailNotifications] = useState(profile.emailNotifications);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(() => trpc.practitioner.updateProfile.mutate({ available, emailNotifications }));
  }

  return (
    <Card title="Pengaturan">
      <form onSubmit={submit} className="form stack" aria-label="Pengaturan">
        <div className="switch-field">
          <input
            id="available"
            type="checkbox"
            role="switch"
            aria-checked={available}
            checked={available}
            onChange={(event) => setAvailable(event.target.checked)}
            aria-describedby="available-hint"
          />
          <label htmlFor="available">Terima tawaran baru</label>
          <p id="available-hint" className="hint">
            {available
              ? "Aktif: pesanan baru ditawarkan kepada Anda sesuai giliran."
              : "Nonaktif: Anda tidak menerima tawaran baru sampai ini diaktifkan lagi. Pesanan yang sudah Anda ambil tetap berjalan."}
          </p>
        </div>
        <div className="switch-field">
          <input
            id="email-notifications"
            type="checkbox"
            role="switch"
            aria-checked={emailNotifications}
            checked={emailNotifications}
            onChange={(event) => setEmailNotifications(event.target.checked)}
            aria-describedby="email-hint"
          />
          <label htmlFor="email-notifications">Kirim notifikasi lewat e-mail</label>
          <p id="email-hint" className="hint">
            {emailNotifications
              ? "Aktif: e-mail untuk tawaran baru, permintaan revisi, dan pesan dari klien."
              : "Nonaktif: pemberitahuan hanya muncul di portal."}
          </p>
        </div>
        <FormMessages error={error} />
        <p role="status" className="muted small">
          {profile.available ? "Status saat ini: menerima tawaran baru." : "Status saat ini: tawaran baru dijeda."}
        </p>
        <div className="row">
          <button type="submit" className="button" disabled={busy || !hydrated}>
            {busy ? "Menyimpan…" : "Simpan pengaturan"}
          </button>
        </div>
      </form>
    </Card>
  );
}

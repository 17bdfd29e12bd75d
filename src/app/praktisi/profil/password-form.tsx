"use client";
import { type FormEvent, useState } from "react";
import { useAction } from "@/app/_components/action";
import { Field, FormMessages } from "@/app/_components/field";
import { trpc } from "@/app/_components/trpc";
import { Card } from "@/app/_components/ui";
import { useHydrated } from "@/app/_components/use-hydrated";

const PASSWORD_ERRORS = {
  FORBIDDEN: "Kata sandi saat ini salah. Periksa lalu coba lagi.",
  RATE_LIMITED: "Terlalu banyak percobaan dengan kata sandi saat ini yang salah. Tunggu 15 menit lalu coba lagi.",
};

/** Current password, the new one twice; the new one is checked here first so a typo never reaches the server. */
export function PasswordForm({ minLength }: { minLength: number }) {
  const { busy, error, setError, run } = useAction(PASSWORD_ERRORS);
  const hydrated = useHydrated();
  const [done, setDone] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(null);
    const form = event.currentTarget;
    const data = new FormData(form);
    const currentPassword = String(data.get("currentPassword") ?? "");
    const newPassword = String(data.get("newPassword") ?? "");
    if (newPassword.length < minLength) return setError(`Kata sandi baru minimal ${minLength} karakter.`);
    if (newPassword !== String(data.get("confirmPassword") ?? ""))
      return setError("Konfirmasi tidak sama dengan kata sandi baru. Ketik ulang keduanya.");
    if (newPassword === currentPassword) return setError("Kata sandi baru harus berbeda dari kata sandi saat ini.");
    const result = await run(() => trpc.practitioner.changePassword.mutate({ currentPassword, newPassword }), {
      success: "Kata sandi diganti.",
    });
    if (result.ok) {
      form.reset();
      setDone("Kata sandi diganti. Gunakan kata sandi baru saat masuk berikutnya.");
    }
  }

  return (
    <Card title="Ganti kata sandi">
      <form onSubmit={(event) => void submit(event)} className="form stack">
        <Field label="Kata sandi saat ini">
          {(control) => <input {...control} name="currentPassword" type="password" autoComplete="current-password" required />}
        </Field>
        <Field label="Kata sandi baru" hint={`Minimal ${minLength} karakter.`}>
          {(control) => (
            <input {...control} name="newPassword" type="password" autoComplete="new-password" minLength={minLength} required />
          )}
        </Field>
        <Field label="Ulangi kata sandi baru">
          {(control) => (
            <input {...control} name="confirmPassword" type="password" autoComplete="new-password" minLength={minLength} required />
          )}
        </Field>
        <FormMessages error={error} success={done} />
        <div className="row">
          <button type="submit" className="button" disabled={busy || !hydrated}>
            {busy ? "Menyimpan…" : "Ganti kata sandi"}
          </button>
        </div>
      </form>
    </Card>
  );
}

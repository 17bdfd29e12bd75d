"use client";
import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { actionError, type ErrorMessages } from "@/app/_components/action";
import { Field, FormMessages } from "@/app/_components/field";
import { trpc } from "@/app/_components/trpc";

const MESSAGES: ErrorMessages = {
  NOT_FOUND: "Tautan ini tidak kami kenal. Minta tautan baru dari halaman lupa kata sandi.",
  INVALID_STATE: "Tautan ini sudah dipakai atau sudah tidak berlaku. Minta tautan baru dari halaman lupa kata sandi.",
  VALIDATION: "Kata sandi terlalu pendek. Buat yang lebih panjang lalu coba lagi.",
  INTERNAL: "Terjadi gangguan di server dan kata sandi belum diganti. Coba lagi sebentar lagi.",
};

/** The new password, typed twice; on success, on to the sign-in form with the e-mail filled in. */
export function ResetPasswordForm({ token, minPasswordLength }: { token: string; minPasswordLength: number }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get("password") ?? "");
    const repeat = String(data.get("repeat") ?? "");
    const problem =
      password.length < minPasswordLength
        ? `Kata sandi paling sedikit ${minPasswordLength} karakter.`
        : password !== repeat
          ? "Kedua kata sandi tidak sama. Ketik ulang keduanya."
          : null;
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { email } = await trpc.passwordReset.complete.mutate({ token, password });
      router.replace(`/masuk?${new URLSearchParams({ email, sandi: "baru" })}`);
    } catch (err) {
      setError(actionError(err, MESSAGES));
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <Field label="Kata sandi baru" hint={`Paling sedikit ${minPasswordLength} karakter.`}>
        {(control) => (
          <input
            {...control}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={minPasswordLength}
            maxLength={200}
          />
        )}
      </Field>
      <Field label="Ulangi kata sandi baru">
        {(control) => <input {...control} name="repeat" type="password" autoComplete="new-password" required maxLength={200} />}
      </Field>
      <FormMessages error={error} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Menyimpan…" : "Simpan kata sandi baru"}
      </button>
    </form>
  );
}

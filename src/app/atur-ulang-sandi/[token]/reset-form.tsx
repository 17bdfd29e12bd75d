"use client";
import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { actionError, type ErrorMessages } from "@/app/_components/action";
import { FormMessages } from "@/app/_components/field";
import { NewPasswordFields, newPasswordProblem } from "@/app/_components/new-password";
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
    const problem = newPasswordProblem(password, repeat, minPasswordLength);
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
      <NewPasswordFields minPasswordLength={minPasswordLength} label="Kata sandi baru" repeatLabel="Ulangi kata sandi baru" />
      <FormMessages error={error} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Menyimpan…" : "Simpan kata sandi baru"}
      </button>
    </form>
  );
}

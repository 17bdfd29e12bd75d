"use client";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { type FormEvent, useState } from "react";
import { actionError, type ErrorMessages } from "@/app/_components/action";
import { Field, FormMessages } from "@/app/_components/field";
import { NewPasswordFields, newPasswordProblem } from "@/app/_components/new-password";
import { trpc } from "@/app/_components/trpc";

const MESSAGES: ErrorMessages = {
  NOT_FOUND: "Undangan ini tidak ditemukan. Periksa tautannya, atau minta admin organisasi mengirim undangan baru.",
  INVALID_STATE:
    "Undangan ini sudah dipakai, dicabut, atau kedaluwarsa. Minta admin organisasi mengirim undangan baru; bila Anda sudah membuat akun, langsung masuk.",
  CONFLICT: "Alamat e-mail undangan ini sudah punya akun Kuasa. Masuk dengan akun itu, atau minta admin mengundang alamat lain.",
  VALIDATION: "Isi nama Anda dan kata sandi yang cukup panjang, lalu coba lagi.",
  INTERNAL: "Terjadi gangguan di server dan akun belum dibuat. Coba lagi sebentar lagi; jika masih gagal, hubungi admin organisasi Anda.",
};

/** Name and password for the new admin account; on success, signed in and on to the portal. */
export function AcceptInvitationForm({ token, email, minPasswordLength }: { token: string; email: string; minPasswordLength: number }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const name = String(data.get("name") ?? "").trim();
    const password = String(data.get("password") ?? "");
    const repeat = String(data.get("repeat") ?? "");
    const problem = name
      ? newPasswordProblem(password, repeat, minPasswordLength)
      : "Tulis nama Anda; rekan Anda melihatnya di daftar tim.";
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    let accepted: string;
    try {
      accepted = (await trpc.invitation.accept.mutate({ token, name, password })).email;
      setDone(`Akun dibuat. Masuk dengan ${accepted} dan kata sandi baru Anda.`);
    } catch (err) {
      setError(actionError(err, MESSAGES));
      return;
    } finally {
      setBusy(false);
    }
    // Signed in with what they just typed, straight into their organisation's portal; should that
    // fail, the sign-in page greets them with their e-mail filled in: only the password is left to type.
    const signedIn = await signIn("credentials", { email: accepted, password, redirect: false });
    if (signedIn?.error) {
      router.push(`/masuk?email=${encodeURIComponent(accepted)}&undangan=diterima`);
      return;
    }
    router.replace("/organisasi");
    router.refresh();
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <Field label="E-mail">{(control) => <input {...control} type="email" value={email} readOnly autoComplete="username" />}</Field>
      <Field label="Nama Anda">{(control) => <input {...control} name="name" autoComplete="name" required maxLength={200} />}</Field>
      <NewPasswordFields minPasswordLength={minPasswordLength} label="Kata sandi" repeatLabel="Ulangi kata sandi" />
      <FormMessages error={error} success={done} />
      <button type="submit" className="button" disabled={busy || done !== null}>
        {busy ? "Membuat akun…" : "Buat akun dan gabung"}
      </button>
    </form>
  );
}

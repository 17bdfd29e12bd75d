"use client";
import { type FormEvent, useState } from "react";
import { actionError } from "@/app/_components/action";
import { Field, FormMessages } from "@/app/_components/field";
import { trpc } from "@/app/_components/trpc";

/** The same answer whether or not the address has an account: the page must not tell which. */
const SENT =
  "Jika alamat itu terdaftar, kami mengirim tautan untuk mengatur ulang kata sandi ke alamat tersebut. Periksa kotak masuk (dan folder spam) dalam beberapa menit.";

/** One e-mail address; asks for a reset link and shows the neutral answer. */
export function ForgotPasswordForm() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    if (!email.includes("@")) {
      setError("Tulis alamat e-mail lengkap, misalnya nama@kantor.co.id.");
      return;
    }
    setBusy(true);
    setError(null);
    setSent(null);
    try {
      await trpc.passwordReset.request.mutate({ email });
      setSent(SENT);
    } catch (err) {
      setError(
        actionError(err, {
          VALIDATION: "Alamat e-mail itu tidak valid. Periksa penulisannya lalu coba lagi.",
          RATE_LIMITED: "Sudah terlalu banyak permintaan tautan untuk alamat ini atau dari jaringan Anda. Coba lagi dalam satu jam.",
        }),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <Field label="E-mail">
        {(control) => <input {...control} name="email" type="email" autoComplete="username" required maxLength={320} />}
      </Field>
      <FormMessages error={error} success={sent} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Mengirim…" : "Kirim tautan"}
      </button>
    </form>
  );
}

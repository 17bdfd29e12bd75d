"use client";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { FormMessages } from "@/app/_components/field";

const MESSAGES: Record<string, string> = {
  invalid: "E-mail atau kata sandi salah. Periksa kembali lalu coba lagi.",
  rate_limited: "Terlalu banyak percobaan gagal. Tunggu 15 menit sebelum mencoba lagi.",
};

export function SignInForm() {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    const result = await signIn("credentials", { email: form.get("email"), password: form.get("password"), redirect: false });
    setBusy(false);
    if (result?.error) {
      setError(MESSAGES[result.error] ?? "Tidak bisa masuk saat ini. Coba lagi sebentar lagi.");
      return;
    }
    // The sign-in page sends each role to its own portal.
    router.replace("/masuk");
    router.refresh();
  }

  return (
    <form onSubmit={submit} className="form" noValidate>
      <label>
        E-mail
        <input name="email" type="email" autoComplete="username" required />
      </label>
      <label>
        Kata sandi
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      <FormMessages error={error} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Memproses…" : "Masuk"}
      </button>
    </form>
  );
}

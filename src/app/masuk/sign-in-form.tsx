"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { type FormEvent, useState } from "react";
import { FormMessages } from "@/app/_components/field";
import { signInErrorMessage } from "@/server/auth/sign-in-error";

/**
 * `email` and `notice` come from a finished password reset or invitation: the address filled in, and
 * what happened. `returnTo`: the consent page that sent the visitor here, where sign-in returns.
 * `deviceLink`: the e-mailed device link the page was opened with, sent along with the password.
 */
export function SignInForm({
  email,
  notice,
  returnTo = null,
  deviceLink = null,
}: {
  email?: string;
  notice: string | null;
  returnTo?: string | null;
  deviceLink?: string | null;
}) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    const result = await signIn("credentials", {
      email: form.get("email"),
      password: form.get("password"),
      ...(deviceLink ? { deviceLink } : {}),
      redirect: false,
    });
    setBusy(false);
    if (result?.error) {
      setError(signInErrorMessage(result.error));
      return;
    }
    // The sign-in page sends each role to its own portal, or back to the page that sent them.
    router.replace(returnTo ?? "/masuk");
    router.refresh();
  }

  return (
    <form onSubmit={submit} className="form" noValidate>
      <label>
        E-mail
        <input name="email" type="email" autoComplete="username" required defaultValue={email} />
      </label>
      <label>
        Kata sandi
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      <FormMessages error={error} success={error ? null : notice} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Memproses…" : "Masuk"}
      </button>
      <p className="form-aside">
        <Link href="/lupa-sandi">Lupa kata sandi?</Link>
      </p>
    </form>
  );
}

"use client";
import { type FormEvent, useState } from "react";
import { useAction } from "@/app/_components/action";
import { Field, FormMessages } from "@/app/_components/field";
import { formatDateTime } from "@/app/_components/format";
import { trpc } from "@/app/_components/trpc";
import { SecretReveal } from "./secret-reveal";

const MESSAGES = {
  CONFLICT:
    "Alamat ini sudah punya akun Kuasa atau sudah punya undangan yang masih berlaku. Cabut undangan lama dulu bila ingin mengirim ulang.",
  VALIDATION: "Tulis alamat e-mail yang benar, misalnya nama@perusahaan.co.id.",
  NOT_FOUND: "Organisasi ini tidak ditemukan. Muat ulang halaman.",
};

/**
 * Invites an admin by e-mail; the one-time link is shown here once, for when e-mail does not arrive.
 * An org admin invites to their own organisation; the operator names the organisation.
 */
export function InviteForm({ organizationId }: { organizationId?: string }) {
  const { busy, error, setError, run } = useAction(MESSAGES);
  const [sent, setSent] = useState<{ email: string; link: string; expiresAt: Date | string } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get("email") ?? "").trim();
    if (!email.includes("@")) {
      setError(MESSAGES.VALIDATION);
      return;
    }
    const invite = () =>
      organizationId ? trpc.operator.inviteAdmin.mutate({ organizationId, email }) : trpc.organization.invite.mutate({ email });
    const result = await run(invite, { success: `Undangan untuk ${email} dibuat.` });
    if (result.ok) {
      form.reset();
      setSent(result.value);
    }
  }

  if (sent) {
    return (
      <div>
        <p role="status">
          E-mail undangan untuk <strong>{sent.email}</strong> masuk antrean pengiriman. Berlaku sampai {formatDateTime(sent.expiresAt)}.
          Bila e-mail belum disiapkan di server ini, kirim tautan di bawah lewat saluran yang aman.
        </p>
        <SecretReveal
          title={`Tautan undangan untuk ${sent.email}`}
          secrets={[{ label: "Tautan undangan (sekali pakai)", value: sent.link }]}
          onDone={() => setSent(null)}
        />
      </div>
    );
  }

  return (
    <form className="form compact" onSubmit={submit} noValidate>
      <Field label="E-mail admin baru" hint="Penerima membuat nama dan kata sandinya sendiri lewat tautan undangan, berlaku 7 hari.">
        {(control) => (
          <input {...control} name="email" type="email" autoComplete="off" required maxLength={320} placeholder="nama@perusahaan.co.id" />
        )}
      </Field>
      <FormMessages error={error} />
      <div className="row">
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Mengundang…" : "Undang admin"}
        </button>
      </div>
    </form>
  );
}

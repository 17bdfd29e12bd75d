"use client";
import { type FormEvent, useState } from "react";
import { useAction } from "@/app/_components/action";
import {
  type CredentialDraft,
  CredentialFields,
  credentialDraftProblems,
  credentialInputOf,
  EMPTY_CREDENTIAL,
} from "@/app/_components/credential-fields";
import { FormMessages } from "@/app/_components/field";
import { trpc } from "@/app/_components/trpc";
import { useHydrated } from "@/app/_components/use-hydrated";
import { CREDENTIAL_KIND_NAME } from "@/server/domain/practitioners/credentials";

/** A new or renewed credential, sent to the operator's verification queue. */
export function SubmitCredentialForm({ minValidUntil }: { minValidUntil: string }) {
  const { busy, error, setError, run } = useAction();
  const hydrated = useHydrated();
  const [draft, setDraft] = useState<CredentialDraft>(EMPTY_CREDENTIAL);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = credentialDraftProblems(draft);
    if (problems.length > 0 || draft.kind === "") return setError(problems.join(" "));
    const input = credentialInputOf({ ...draft, kind: draft.kind });
    const result = await run(() => trpc.practitioner.submitCredential.mutate(input), {
      success: `Kredensial ${CREDENTIAL_KIND_NAME[input.kind]} diajukan. Tim Kuasa akan memverifikasinya.`,
    });
    if (result.ok) setDraft(EMPTY_CREDENTIAL);
  }

  return (
    <form className="form stack credential-submit" onSubmit={(event) => void submit(event)} aria-label="Ajukan kredensial" noValidate>
      <h3>Ajukan kredensial</h3>
      <p className="hint">
        Tulis persis seperti di kartu advokat, SK pengangkatan, atau sertifikatnya. Tim Kuasa mencocokkannya dengan register penerbitnya
        sebelum kredensial dihitung. Untuk memperpanjang, ajukan kredensial baru dengan tanggal berlaku yang baru.
      </p>
      <CredentialFields draft={draft} onChange={setDraft} minValidUntil={minValidUntil} />
      <FormMessages error={error} />
      <div className="row">
        <button type="submit" className="button" disabled={busy || !hydrated}>
          {busy ? "Mengirim…" : "Ajukan untuk verifikasi"}
        </button>
      </div>
    </form>
  );
}

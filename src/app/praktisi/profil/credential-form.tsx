"use client";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { useAction } from "@/app/_components/action";
import {
  type CredentialDraft,
  CredentialFields,
  credentialDraftProblems,
  credentialInputOf,
  EMPTY_CREDENTIAL,
} from "@/app/_components/credential-fields";
import { FormMessages } from "@/app/_components/field";
import { type ScanChoice, ScanUpload } from "@/app/_components/scan-upload";
import { trpc } from "@/app/_components/trpc";
import { useHydrated } from "@/app/_components/use-hydrated";
import { CREDENTIAL_KIND_NAME } from "@/server/domain/practitioners/credentials";

const NO_SCAN: ScanChoice = { file: null, pending: false };

/** Why a credential cannot go without its scan, and what to do. */
const SCAN_MISSING =
  "Unggah pindaian dokumen kredensial (PDF, PNG atau JPEG) sebelum mengajukan: operator mencocokkan data Anda dengannya.";

/** A new or renewed credential with its scan, sent to the operator's verification queue. */
export function SubmitCredentialForm({ minValidUntil }: { minValidUntil: string }) {
  const { busy, error, setError, run } = useAction();
  const hydrated = useHydrated();
  const [draft, setDraft] = useState<CredentialDraft>(EMPTY_CREDENTIAL);
  const [scan, setScan] = useState<ScanChoice>(NO_SCAN);
  const [scanMissing, setScanMissing] = useState(false);
  // A new key empties the picker once the credential went through.
  const [round, setRound] = useState(0);
  const picker = useRef<HTMLButtonElement>(null);

  const onScan = useCallback((choice: ScanChoice) => setScan(choice), []);
  // The scan the form asked for is coming: its request goes (the rest is checked again on sending).
  useEffect(() => {
    if (scanMissing && (scan.file || scan.pending)) {
      setScanMissing(false);
      setError(null);
    }
  }, [scan, scanMissing, setError]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = credentialDraftProblems(draft);
    const missing = !scan.file && !scan.pending;
    if (scan.pending) problems.push("Pindaian masih diunggah. Tunggu sampai selesai, lalu ajukan lagi.");
    if (missing) problems.push(SCAN_MISSING);
    setScanMissing(missing);
    if (problems.length > 0 || draft.kind === "" || !scan.file) {
      // Only the scan is missing: straight to its button.
      if (missing && problems.length === 1) picker.current?.focus();
      return setError(problems.join(" "));
    }
    const input = { ...credentialInputOf({ ...draft, kind: draft.kind }), scanFileId: scan.file.id };
    const result = await run(() => trpc.practitioner.submitCredential.mutate(input), {
      success: `Kredensial ${CREDENTIAL_KIND_NAME[input.kind]} diajukan. Tim Kuasa akan memverifikasinya.`,
    });
    if (result.ok) {
      setDraft(EMPTY_CREDENTIAL);
      setRound((n) => n + 1);
    }
  }

  return (
    <form className="form stack credential-submit" onSubmit={(event) => void submit(event)} aria-label="Ajukan kredensial" noValidate>
      <h3>Ajukan kredensial</h3>
      <p className="hint">
        Tulis persis seperti di kartu advokat, SK pengangkatan, atau sertifikatnya, dan unggah pindaian atau fotonya. Tim Kuasa mencocokkan
        keduanya dengan register penerbitnya sebelum kredensial dihitung. Untuk memperpanjang, ajukan kredensial baru dengan tanggal berlaku
        yang baru.
      </p>
      <CredentialFields draft={draft} onChange={setDraft} minValidUntil={minValidUntil} />
      <ScanUpload
        key={round}
        label="Pindaian dokumen"
        hint="Wajib. PDF, PNG atau JPEG: pindaian atau foto kartu, SK, atau sertifikatnya, dengan nama, nomor, dan tanggal yang terbaca jelas. Hanya Anda dan tim operator Kuasa yang dapat membukanya."
        invalid={scanMissing}
        disabled={busy || !hydrated}
        pickerRef={picker}
        onChange={onScan}
      />
      <FormMessages error={error} />
      <div className="row">
        <button type="submit" className="button" disabled={busy || !hydrated}>
          {busy ? "Mengirim…" : "Ajukan untuk verifikasi"}
        </button>
      </div>
    </form>
  );
}

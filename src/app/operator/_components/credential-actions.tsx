"use client";
import { type FormEvent, useCallback, useState } from "react";
import { type ErrorMessages, useAction } from "@/app/_components/action";
import { ConfirmDialogButton } from "@/app/_components/confirm-dialog";
import {
  type CredentialDraft,
  CredentialFields,
  credentialDraftProblems,
  credentialInputOf,
  draftOf,
  EMPTY_CREDENTIAL,
} from "@/app/_components/credential-fields";
import { ScanPreview } from "@/app/_components/credential-scan";
import type { PortalCredential } from "@/app/_components/credentials";
import { FormMessages } from "@/app/_components/field";
import { formatDay } from "@/app/_components/format";
import { type ScanChoice, ScanUpload } from "@/app/_components/scan-upload";
import { trpc } from "@/app/_components/trpc";
import { provinceName } from "@/server/domain/places/provinces";
import { CREDENTIAL_KIND_NAME, type CredentialKind, PROVINCIAL_KINDS } from "@/server/domain/practitioners/credentials";
import { ReasonConfirm } from "./reason-confirm";

const MESSAGES: ErrorMessages = {
  NOT_FOUND: "Kredensial atau praktisi ini tidak ditemukan; mungkin sudah berubah. Muat ulang halaman.",
  INVALID_STATE: "Kredensial ini sudah diputuskan atau berubah sejak halaman dimuat. Halaman dimuat ulang; periksa statusnya sekarang.",
};

/** The longest reason the server takes; the practitioner reads it. */
const REASON_MAX = 1_000;

const NO_SCAN: ScanChoice = { file: null, pending: false };

/**
 * The operator adds a credential they checked themselves (e.g. against the issuer's register):
 * recorded verified, with the document's scan if they have one.
 */
export function AddCredentialForm({
  practitionerId,
  name,
  minValidUntil,
}: {
  practitionerId: string;
  name: string;
  minValidUntil: string;
}) {
  const { busy, error, setError, run } = useAction(MESSAGES);
  const [draft, setDraft] = useState<CredentialDraft>(EMPTY_CREDENTIAL);
  const [scan, setScan] = useState<ScanChoice>(NO_SCAN);
  // A new key empties the picker once the credential is recorded.
  const [round, setRound] = useState(0);
  const onScan = useCallback((choice: ScanChoice) => setScan(choice), []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = credentialDraftProblems(draft);
    if (scan.pending) problems.push("Pindaian masih diunggah. Tunggu sampai selesai, lalu simpan lagi.");
    if (problems.length > 0 || draft.kind === "") return setError(problems.join(" "));
    const input = { ...credentialInputOf({ ...draft, kind: draft.kind }), scanFileId: scan.file?.id ?? null };
    const result = await run(() => trpc.operator.addCredential.mutate({ practitionerId, ...input }), {
      success: `Kredensial ${CREDENTIAL_KIND_NAME[input.kind]} ${name} dicatat terverifikasi; labelnya diperbarui.`,
    });
    if (result.ok) {
      setDraft(EMPTY_CREDENTIAL);
      setRound((n) => n + 1);
    }
  }

  return (
    <form className="form compact" onSubmit={(event) => void submit(event)} aria-label="Tambah kredensial terverifikasi" noValidate>
      <p className="hint">
        Hanya untuk kredensial yang sudah Anda cocokkan dengan dokumen asli atau register penerbitnya: tercatat terverifikasi atas nama Anda
        dan langsung dihitung untuk label dan tawaran.
      </p>
      <CredentialFields draft={draft} onChange={setDraft} minValidUntil={minValidUntil} />
      <ScanUpload
        key={round}
        label="Pindaian dokumen (opsional)"
        hint="PDF, PNG atau JPEG, bila Anda memegang pindaian kartu, SK, atau sertifikatnya; praktisi dapat membukanya di profilnya."
        disabled={busy}
        onChange={onScan}
      />
      <FormMessages error={error} />
      <div className="row">
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Menyimpan…" : "Catat kredensial terverifikasi"}
        </button>
      </div>
    </form>
  );
}

/** What will be recorded, as the confirmation lists it. */
function DraftFacts({ draft, kind }: { draft: CredentialDraft; kind: CredentialKind }) {
  return (
    <dl className="facts">
      <dt>Jenis</dt>
      <dd>{CREDENTIAL_KIND_NAME[kind]}</dd>
      <dt>Penerbit</dt>
      <dd>{draft.issuer.trim()}</dd>
      <dt>Nomor</dt>
      <dd>{draft.number.trim()}</dd>
      {PROVINCIAL_KINDS.has(kind) && (
        <>
          <dt>Wilayah jabatan</dt>
          <dd>{draft.province ? provinceName(draft.province) : "—"}</dd>
        </>
      )}
      <dt>Berlaku sampai</dt>
      <dd>{draft.validUntil ? formatDay(draft.validUntil) : "Tidak kedaluwarsa"}</dd>
    </dl>
  );
}

/**
 * A submitted credential beside its scan: verified (with the operator's corrections of what they
 * read off the document, if any) or rejected with a reason the practitioner reads.
 */
export function CredentialDecision({
  credential,
  practitionerName,
  minValidUntil,
}: {
  credential: PortalCredential;
  practitionerName: string;
  minValidUntil: string;
}) {
  const action = useAction(MESSAGES);
  const { busy, setError, run } = action;
  const submitted = draftOf(credential);
  const [draft, setDraft] = useState<CredentialDraft>(submitted);
  const kindName = CREDENTIAL_KIND_NAME[credential.kind];

  /** Only what the operator changed: the rest stays as submitted. */
  function corrections() {
    const input = credentialInputOf({ ...draft, kind: credential.kind });
    const before = credentialInputOf({ ...submitted, kind: credential.kind });
    const changed = {
      ...(input.issuer !== before.issuer ? { issuer: input.issuer } : {}),
      ...(input.number !== before.number ? { number: input.number } : {}),
      ...(input.validUntil !== before.validUntil ? { validUntil: input.validUntil } : {}),
      ...(input.province !== before.province ? { province: input.province } : {}),
    };
    return Object.keys(changed).length > 0 ? changed : undefined;
  }

  const verify = () =>
    run(() => trpc.operator.decideCredential.mutate({ credentialId: credential.id, approve: true, corrections: corrections() }), {
      success: `Kredensial ${kindName} ${practitionerName} diverifikasi.`,
    });
  const reject = (reason: string) =>
    run(() => trpc.operator.decideCredential.mutate({ credentialId: credential.id, approve: false, reason }), {
      success: `Kredensial ${kindName} ${practitionerName} ditolak; praktisi membaca alasan Anda.`,
    });

  const verifyButton = (
    <ConfirmDialogButton
      label="Verifikasi"
      title={`Verifikasi kredensial ${kindName} ${practitionerName}?`}
      confirmLabel="Ya, verifikasi"
      busy={busy}
      canOpen={() => {
        const problems = credentialDraftProblems(draft);
        setError(problems.length > 0 ? problems.join(" ") : null);
        return problems.length === 0;
      }}
      onConfirm={verify}
    >
      <DraftFacts draft={draft} kind={credential.kind} />
      <p>
        {corrections() ? "Dicatat dengan koreksi Anda. " : ""}Kredensial ini langsung dihitung untuk label dan tawaran {practitionerName}
        {draft.validUntil ? ` sampai ${formatDay(draft.validUntil)}` : ""}. Verifikasi hanya bila sudah cocok dengan register penerbitnya.
      </p>
    </ConfirmDialogButton>
  );

  return (
    <div className="credential-review">
      <ScanPreview scan={credential.scan} of={`${kindName} ${practitionerName}`} />
      <div className="form compact decision">
        <CredentialFields draft={draft} onChange={setDraft} minValidUntil={minValidUntil} fixedKind submitted={submitted} />
        <ReasonConfirm
          maxLength={REASON_MAX}
          action={action}
          reasonLabel="Alasan bila ditolak"
          reasonHint="Wajib untuk menolak; praktisi membacanya di profilnya. Sebut apa yang harus diperbaiki."
          missingReason="Tulis alasan penolakan terlebih dahulu; praktisi membacanya."
          label="Tolak"
          title={`Tolak kredensial ${kindName} ${practitionerName}?`}
          confirmLabel="Ya, tolak"
          onRefuse={reject}
          alongside={verifyButton}
        >
          <p>Praktisi membaca alasan ini di profilnya dan dapat mengajukan kredensial yang benar:</p>
        </ReasonConfirm>
      </div>
    </div>
  );
}

/** A verified credential withdrawn (e.g. the card was revoked by its issuer), with a reason the practitioner reads. */
export function RevokeCredential({ credential, practitionerName }: { credential: PortalCredential; practitionerName: string }) {
  const action = useAction(MESSAGES);
  const kindName = CREDENTIAL_KIND_NAME[credential.kind];
  return (
    <details className="disclosure">
      <summary>Cabut kredensial ini</summary>
      <div className="form compact decision">
        <ReasonConfirm
          maxLength={REASON_MAX}
          action={action}
          reasonLabel="Alasan pencabutan"
          reasonHint="Wajib; praktisi membacanya di profilnya."
          missingReason="Tulis alasan pencabutan terlebih dahulu; praktisi membacanya."
          label="Cabut"
          title={`Cabut kredensial ${kindName} ${practitionerName}?`}
          confirmLabel="Ya, cabut"
          onRefuse={(reason) =>
            action.run(() => trpc.operator.decideCredential.mutate({ credentialId: credential.id, approve: false, reason }), {
              success: `Kredensial ${kindName} ${practitionerName} dicabut.`,
            })
          }
        >
          <p>
            Kredensial <strong>{kindName}</strong> nomor <code>{credential.number}</code> tidak dihitung lagi: label {practitionerName}{" "}
            diperbarui dan tawaran baru untuk layanan yang mensyaratkannya berhenti. Pesanan yang sudah diambil tetap berjalan.
          </p>
          <p>Alasan yang dibaca praktisi:</p>
        </ReasonConfirm>
      </div>
    </details>
  );
}

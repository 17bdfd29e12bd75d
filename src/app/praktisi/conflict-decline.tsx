"use client";
import { useState } from "react";
import { useAction } from "@/app/_components/action";
import { ConfirmDialogButton } from "@/app/_components/confirm-dialog";
import { Field, FormMessages } from "@/app/_components/field";
import { trpc } from "@/app/_components/trpc";
import { OFFER_CONFLICT_ERRORS } from "./_components/messages";

/**
 * Declining an offer for a conflict of interest: which party, then a confirmation that the party
 * joins the practitioner's conflict list (Profil), so no later matter naming it is offered to them.
 * The offer view does not say which intake fields name the other side, so the party is typed: the
 * client's data is just above it on the card.
 */
export function ConflictDecline({
  id,
  offerId,
  orderId,
  onCancel,
}: {
  id: string;
  offerId: string;
  orderId: string;
  onCancel: () => void;
}) {
  const { busy, error, setError, run } = useAction(OFFER_CONFLICT_ERRORS);
  const [party, setParty] = useState("");
  const name = party.trim();

  return (
    <fieldset id={id} className="form offer-conflict">
      <legend>
        Tolak karena benturan kepentingan<span className="visually-hidden"> · pesanan {orderId}</span>
      </legend>
      <Field
        label="Pihak yang berbenturan kepentingan dengan Anda"
        hint="Salin namanya dari data klien di atas (mis. pihak lawan), atau tulis klien atau pihak lain yang terkait dengan Anda. Satu pihak."
      >
        {(control) => (
          <input {...control} value={party} onChange={(event) => setParty(event.target.value)} maxLength={300} autoComplete="off" />
        )}
      </Field>
      <FormMessages error={error} />
      <div className="row">
        <ConfirmDialogButton
          label="Tolak dan catat pihak ini"
          title="Tolak tawaran karena benturan kepentingan?"
          confirmLabel="Ya, tolak dan catat"
          danger
          busy={busy}
          canOpen={() => {
            if (name) return true;
            setError("Tulis nama pihak yang berbenturan kepentingan dengan Anda dahulu.");
            return false;
          }}
          onConfirm={() =>
            run(() => trpc.practitioner.declineOfferForConflict.mutate({ offerId, party: name }), {
              success: `Tawaran ditolak; ${name} dicatat di daftar benturan kepentingan Anda.`,
            })
          }
        >
          <p>
            Pesanan langsung ditawarkan ke praktisi lain. <strong>{name}</strong> ditambahkan ke daftar benturan kepentingan Anda di Profil:
            pesanan lain yang menyebut pihak ini tidak lagi ditawarkan kepada Anda. Anda bisa menghapusnya dari daftar kapan saja.
          </p>
        </ConfirmDialogButton>
        <button type="button" className="button secondary" disabled={busy} onClick={onCancel}>
          Batal
        </button>
      </div>
    </fieldset>
  );
}

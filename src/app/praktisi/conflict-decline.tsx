"use client";
import { useId, useState } from "react";
import { useAction } from "@/app/_components/action";
import { ConfirmDialogButton } from "@/app/_components/confirm-dialog";
import { Field, FormMessages } from "@/app/_components/field";
import { trpc } from "@/app/_components/trpc";
import type { ConflictMatter } from "@/server/domain/practitioners/conflicts";
import { OFFER_CONFLICT_ERRORS } from "./_components/messages";

/** The "Pihak lain" choice: a party the offer does not list, typed. */
const OTHER = "other";

/**
 * Declining an offer for a conflict of interest: which party, then a confirmation that the party
 * joins the practitioner's conflict list (Profil), so no later matter naming it is offered to them.
 * The party is picked from the order's parties the card lists (the client first, then the other
 * side), or typed as "Pihak lain": someone tied to the matter the intake does not name as a party.
 */
export function ConflictDecline({
  id,
  offerId,
  orderId,
  parties,
  onCancel,
}: {
  id: string;
  offerId: string;
  orderId: string;
  parties: ConflictMatter;
  onCancel: () => void;
}) {
  const { busy, error, setError, run } = useAction(OFFER_CONFLICT_ERRORS);
  const radioName = useId();
  // Each listed party once, with its side; a name given on both sides is listed as the client.
  const choices = [
    ...parties.clients.map((name) => ({ name, side: "klien" })),
    ...parties.counterparties.map((name) => ({ name, side: "pihak lawan" })),
  ].filter((choice, index, all) => all.findIndex((c) => c.name === choice.name) === index);
  const [choice, setChoice] = useState<string | null>(null);
  const [other, setOther] = useState("");
  const name = choice === OTHER ? other.trim() : (choice ?? "");

  function pick(value: string) {
    setChoice(value);
    setError(null);
  }

  return (
    <fieldset id={id} className="form offer-conflict">
      <legend>
        Tolak karena benturan kepentingan<span className="visually-hidden"> · pesanan {orderId}</span>
      </legend>
      <fieldset className="checks party-choices">
        <legend>Pihak yang berbenturan kepentingan dengan Anda</legend>
        {choices.map((c, index) => (
          <label className="check" key={c.name}>
            <input type="radio" name={radioName} value={String(index)} checked={choice === c.name} onChange={() => pick(c.name)} />
            <span>
              {c.name} <span className="muted">({c.side})</span>
            </span>
          </label>
        ))}
        <label className="check">
          <input type="radio" name={radioName} value={OTHER} checked={choice === OTHER} onChange={() => pick(OTHER)} />
          <span>Pihak lain</span>
        </label>
        {choice === OTHER && (
          <div className="party-other">
            <Field label="Nama pihak lain" hint="Pihak yang terkait dengan perkara ini tetapi tidak disebut di atas. Satu pihak.">
              {(control) => (
                <input {...control} value={other} onChange={(event) => setOther(event.target.value)} maxLength={300} autoComplete="off" />
              )}
            </Field>
          </div>
        )}
      </fieldset>
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
            setError(
              choice === OTHER
                ? "Tulis nama pihak lain yang berbenturan kepentingan dengan Anda dahulu."
                : "Pilih pihak yang berbenturan kepentingan dengan Anda dahulu.",
            );
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

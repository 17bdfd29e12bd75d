"use client";
import { type ReactNode, useRef, useState } from "react";
import { type ErrorMessages, useAction } from "@/app/_components/action";
import { ConfirmDialog, ConfirmDialogButton } from "@/app/_components/confirm-dialog";
import { FormMessages } from "@/app/_components/field";
import { formatRupiah } from "@/app/_components/format";
import { RupiahInput } from "@/app/_components/rupiah-input";
import { useToast } from "@/app/_components/toast";

/**
 * Money the operator records in the ledger with its bank reference (a deposit top-up, a payout to
 * a practitioner): an amount, a reference, and a confirmation that names both, since a ledger
 * entry is never deleted. `record` returns what to say once it is recorded: a toast, and the
 * sentence that stays under the form (the new balance). With `secondConfirmation`, confirming
 * opens a second dialog, and only its confirmation records.
 */
export function MoneyForm({
  noun,
  confirmTitle,
  describe,
  record,
  messages,
  secondConfirmation,
}: {
  /** "setoran", "pencairan": names the amount field, the button and the prompts. */
  noun: string;
  confirmTitle: string;
  describe: (amount: string, reference: ReactNode) => ReactNode;
  record: (amountIdr: number, reference: string) => Promise<{ toast: string; done: string }>;
  messages?: ErrorMessages;
  secondConfirmation?: { title: string; body: ReactNode; confirmLabel: string };
}) {
  const second = useRef<HTMLDialogElement>(null);
  const { busy, error, setError, run } = useAction(messages);
  const { toast } = useToast();
  const [amount, setAmount] = useState<number | null>(null);
  const [reference, setReference] = useState("");
  const [done, setDone] = useState<string | null>(null);
  const [round, setRound] = useState(0);

  function valid(): boolean {
    setDone(null);
    if (!amount || Number.isNaN(amount)) {
      setError(`Isi jumlah ${noun} dalam rupiah, lebih dari nol.`);
      return false;
    }
    if (!reference.trim()) {
      setError(`Isi referensi ${noun}, misalnya nomor transfer bank, agar tercatat di mutasi.`);
      return false;
    }
    setError(null);
    return true;
  }

  async function submit() {
    const result = await run(() => record(amount!, reference.trim()));
    if (result.ok) {
      toast(result.value.toast);
      setDone(result.value.done);
      setAmount(null);
      setReference("");
      // A fresh amount field for the next entry.
      setRound((r) => r + 1);
    }
  }

  return (
    <div className="form compact">
      <div className="form-grid">
        <RupiahInput key={round} label={`Jumlah ${noun}`} name="amount" required onValue={setAmount} />
        <label>
          Referensi
          <input
            value={reference}
            onChange={(event) => setReference(event.target.value)}
            maxLength={200}
            placeholder="mis. BCA 0912-7781"
          />
        </label>
      </div>
      <FormMessages error={error} success={done} />
      <div className="row">
        <ConfirmDialogButton
          label={`Catat ${noun}`}
          title={confirmTitle}
          confirmLabel="Ya, catat"
          busy={busy}
          canOpen={valid}
          onConfirm={secondConfirmation ? () => second.current?.showModal() : submit}
        >
          <p>
            {describe(amount && !Number.isNaN(amount) ? formatRupiah(amount) : "", <code>{reference.trim()}</code>)} Tercatat di buku besar
            dan tidak bisa dihapus.
          </p>
        </ConfirmDialogButton>
        {secondConfirmation && (
          <ConfirmDialog dialog={second} title={secondConfirmation.title} confirmLabel={secondConfirmation.confirmLabel} onConfirm={submit}>
            {secondConfirmation.body}
          </ConfirmDialog>
        )}
      </div>
    </div>
  );
}

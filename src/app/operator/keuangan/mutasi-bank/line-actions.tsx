"use client";
import { type FormEvent, useId, useState } from "react";
import { actionError, type ErrorMessages, useAction } from "@/app/_components/action";
import { ConfirmDialogButton } from "@/app/_components/confirm-dialog";
import { Field, FormMessages } from "@/app/_components/field";
import { formatDay, formatRupiah } from "@/app/_components/format";
import { trpc } from "@/app/_components/trpc";
import { ReasonConfirm } from "@/app/operator/_components/reason-confirm";

const MESSAGES: ErrorMessages = {
  INVALID_STATE: "Baris ini sudah diputuskan (mungkin oleh operator lain) sejak halaman dimuat. Halaman dimuat ulang; periksa statusnya.",
  NOT_FOUND: "Baris atau organisasi ini tidak ditemukan. Muat ulang halaman lalu pilih lagi.",
};

const NOTE_MAX = 500;

interface Line {
  id: string;
  bookedOn: string;
  description: string;
  amountIdr: number;
  named: Array<{ id: string; name: string; transferReference: string }>;
}

interface Choice {
  id: string;
  name: string;
  transferReference: string;
}

/** What a line is, as a dialog repeats it. */
function LineFacts({ line }: { line: Line }) {
  return (
    <dl className="facts">
      <dt>Tanggal</dt>
      <dd>{formatDay(line.bookedOn)}</dd>
      <dt>Keterangan</dt>
      <dd>{line.description}</dd>
      <dt>Jumlah</dt>
      <dd>{formatRupiah(line.amountIdr)}</dd>
    </dl>
  );
}

/**
 * A queued credit: "Kreditkan ke organisasi…" (find the organisation by name, id or its KSA code;
 * those the description names are offered first) or "Abaikan" with the reason. Each asks once more
 * before it acts; a line another operator decided meanwhile is refused and the page reloads.
 */
export function LineActions({ line }: { line: Line }) {
  return (
    <div className="org-actions">
      <AssignLine line={line} />
      <IgnoreLine line={line} />
    </div>
  );
}

function AssignLine({ line }: { line: Line }) {
  const id = useId();
  const { busy, error, setError, run } = useAction(MESSAGES);
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<Choice[]>(line.named);
  const [searched, setSearched] = useState(false);
  const [chosen, setChosen] = useState<string>(line.named.length === 1 ? line.named[0]!.id : "");
  const [note, setNote] = useState("");
  const target = found.find((org) => org.id === chosen);

  async function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!query.trim()) return setError("Tulis nama, ID (org_…) atau kode transfer (KSA…) organisasi yang dicari.");
    setError(null);
    try {
      const orgs = await trpc.operator.organizationsToCredit.query({ q: query.trim() });
      setFound(orgs);
      setSearched(true);
      setChosen(orgs.length === 1 ? orgs[0]!.id : "");
    } catch (err) {
      setError(actionError(err, MESSAGES));
    }
  }

  return (
    <details className="disclosure">
      <summary>
        Kreditkan ke organisasi…
        <span className="visually-hidden">
          {" "}
          (baris {formatRupiah(line.amountIdr)}, {formatDay(line.bookedOn)})
        </span>
      </summary>
      <div className="form compact">
        <form onSubmit={(event) => void search(event)} className="row" aria-label={`Cari organisasi untuk baris ${line.id}`}>
          <Field label="Cari organisasi" hint="Nama, ID (org_…) atau kode transfer (KSA…).">
            {(control) => (
              <input {...control} type="search" value={query} onChange={(event) => setQuery(event.target.value)} maxLength={200} />
            )}
          </Field>
          <button type="submit" className="button secondary">
            Cari
          </button>
        </form>
        {found.length > 0 ? (
          <fieldset className="checks">
            <legend>{searched ? "Hasil pencarian" : "Disebut di keterangan"}</legend>
            {found.map((org) => (
              <label key={org.id} className="check">
                <input type="radio" name={`${id}-org`} value={org.id} checked={chosen === org.id} onChange={() => setChosen(org.id)} />
                <span>
                  {org.name} <span className="muted small">{org.transferReference}</span>
                </span>
              </label>
            ))}
          </fieldset>
        ) : (
          searched && (
            <p className="muted small">Tidak ada organisasi yang cocok. Coba sebagian nama, atau kode KSA dari bukti transfernya.</p>
          )
        )}
        <Field label="Catatan (opsional)" hint="Mis. bukti transfer yang dikirim admin; tercatat di log audit.">
          {(control) => (
            <input {...control} value={note} onChange={(event) => setNote(event.target.value)} maxLength={NOTE_MAX} autoComplete="off" />
          )}
        </Field>
        <FormMessages error={error} />
        <div className="row">
          <ConfirmDialogButton
            label="Kreditkan"
            ariaLabel={`Kreditkan baris ${formatRupiah(line.amountIdr)} tanggal ${formatDay(line.bookedOn)}`}
            title={`Kreditkan ${formatRupiah(line.amountIdr)} ke ${target?.name ?? "organisasi"}?`}
            confirmLabel="Ya, kreditkan"
            busy={busy}
            canOpen={() => {
              setError(target ? null : "Pilih organisasi tujuan terlebih dahulu.");
              return target !== undefined;
            }}
            onConfirm={() =>
              run(() => trpc.operator.assignBankLine.mutate({ lineId: line.id, organizationId: chosen, note: note.trim() || undefined }), {
                success: `${formatRupiah(line.amountIdr)} dikreditkan ke deposit ${target?.name}.`,
              })
            }
          >
            <LineFacts line={line} />
            <p>
              Deposit <strong>{target?.name}</strong> bertambah {formatRupiah(line.amountIdr)} sekarang; admin dan agennya diberi tahu.
              Setoran tidak bisa dibatalkan dari halaman ini.
            </p>
          </ConfirmDialogButton>
        </div>
      </div>
    </details>
  );
}

function IgnoreLine({ line }: { line: Line }) {
  const action = useAction(MESSAGES);
  return (
    <details className="disclosure">
      <summary>
        Abaikan
        <span className="visually-hidden">
          {" "}
          baris {formatRupiah(line.amountIdr)}, {formatDay(line.bookedOn)}
        </span>
      </summary>
      <div className="form compact">
        <ReasonConfirm
          action={action}
          maxLength={NOTE_MAX}
          reasonLabel="Alasan"
          reasonHint="Wajib, tercatat di log audit: mis. bunga jasa giro, dana dikembalikan ke pengirim, salah transfer."
          missingReason="Tulis alasan mengabaikan baris ini terlebih dahulu."
          label="Abaikan"
          ariaLabel={`Abaikan baris ${formatRupiah(line.amountIdr)} tanggal ${formatDay(line.bookedOn)}`}
          title="Abaikan baris mutasi ini?"
          confirmLabel="Ya, abaikan"
          onRefuse={(reason) =>
            action.run(() => trpc.operator.ignoreBankLine.mutate({ lineId: line.id, reason }), { success: "Baris mutasi diabaikan." })
          }
        >
          <LineFacts line={line} />
          <p>Tidak ada deposit yang bertambah. Alasan yang dicatat:</p>
        </ReasonConfirm>
      </div>
    </details>
  );
}

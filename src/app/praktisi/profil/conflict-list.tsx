"use client";
import type { FormEvent } from "react";
import { useAction } from "@/app/_components/action";
import { ConfirmDialogButton } from "@/app/_components/confirm-dialog";
import { Field, FormMessages } from "@/app/_components/field";
import { formatDateTime } from "@/app/_components/format";
import { useToast } from "@/app/_components/toast";
import { trpc } from "@/app/_components/trpc";
import { Card } from "@/app/_components/ui";
import { useHydrated } from "@/app/_components/use-hydrated";
import { CONFLICT_ERRORS } from "../_components/messages";

interface Conflict {
  id: string;
  name: string;
  note: string | null;
  createdAt: Date;
}

/** Longest name and note the server takes (api/schemas/practitioners/credential-portal.ts). */
const NAME_MAX = 300;
const NOTE_MAX = 500;

/**
 * The parties the practitioner declared they may not act for or against: the offering skips them
 * for any matter naming one. Removing asks first; adding a name already listed says so.
 */
export function ConflictList({ conflicts }: { conflicts: Conflict[] }) {
  const { busy, error, setError, run } = useAction(CONFLICT_ERRORS);
  const { toast } = useToast();
  const hydrated = useHydrated();

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const name = String(data.get("name") ?? "").trim();
    const note = String(data.get("note") ?? "").trim();
    if (!name) return setError("Tulis nama pihaknya dahulu, mis. PT Sumber Makmur Abadi.");
    const result = await run(() => trpc.practitioner.declareConflict.mutate({ name, note: note || null }));
    if (!result.ok) return;
    form.reset();
    const listed = conflicts.find((c) => c.id === result.value.id);
    toast(listed ? `${listed.name} sudah ada di daftar Anda.` : `${result.value.name} ditambahkan ke daftar benturan kepentingan.`);
  }

  return (
    <Card title="Benturan kepentingan">
      <p>
        Kuasa tidak menawarkan kepada Anda pesanan yang menyebut pihak di daftar ini, pihak yang pernah Anda wakili lewat Kuasa, atau
        pesanan dari klien yang pernah menjadi lawan Anda (Kode Etik Advokat Indonesia pasal 4 huruf j). Catat di sini pihak yang tidak
        diketahui Kuasa: bekas kantor Anda, kantor hukum kerabat, atau klien Anda di luar Kuasa.
      </p>
      {conflicts.length === 0 ? (
        <p className="muted">Belum ada pihak di daftar Anda.</p>
      ) : (
        <ul className="plain-list conflict-list" aria-label="Daftar benturan kepentingan">
          {conflicts.map((conflict) => (
            <li key={conflict.id}>
              <div className="conflict-party">
                <strong>{conflict.name}</strong>
                {conflict.note && <span className="conflict-note">{conflict.note}</span>}
                <span className="muted small">
                  Dicatat <time dateTime={new Date(conflict.createdAt).toISOString()}>{formatDateTime(conflict.createdAt)}</time>
                </span>
              </div>
              <ConfirmDialogButton
                label="Hapus"
                ariaLabel={`Hapus ${conflict.name}`}
                title={`Hapus ${conflict.name} dari daftar?`}
                confirmLabel="Ya, hapus"
                tone="secondary"
                danger
                busy={busy}
                onConfirm={() =>
                  run(() => trpc.practitioner.removeConflict.mutate({ conflictId: conflict.id }), {
                    success: `${conflict.name} dihapus dari daftar.`,
                  })
                }
              >
                <p>
                  Pesanan yang menyebut pihak ini bisa ditawarkan lagi kepada Anda. Klien yang pernah Anda wakili dan pihak yang pernah Anda
                  lawan lewat Kuasa tetap diperiksa.
                </p>
              </ConfirmDialogButton>
            </li>
          ))}
        </ul>
      )}
      <form className="form stack conflict-add" onSubmit={(event) => void add(event)} aria-label="Tambah pihak" noValidate>
        <h3>Tambah pihak</h3>
        <Field
          label="Nama pihak"
          hint="Orang atau badan usaha. Bentuk badan usaha (PT, CV, Tbk), gelar, dan beda ejaan kecil diabaikan saat mencocokkan."
        >
          {(control) => <input {...control} name="name" maxLength={NAME_MAX} autoComplete="off" placeholder="PT Sumber Makmur Abadi" />}
        </Field>
        <Field label="Catatan (tidak wajib)" hint="Untuk Anda sendiri, mis. “bekas kantor saya, 2015–2019”. Tidak dilihat klien.">
          {(control) => <input {...control} name="note" maxLength={NOTE_MAX} autoComplete="off" />}
        </Field>
        <FormMessages error={error} />
        <div className="row">
          <button type="submit" className="button" disabled={busy || !hydrated}>
            {busy ? "Menyimpan…" : "Tambahkan ke daftar"}
          </button>
        </div>
      </form>
    </Card>
  );
}

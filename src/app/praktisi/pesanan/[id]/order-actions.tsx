"use client";
import { type FormEvent, useState } from "react";
import { useAction } from "@/app/_components/action";
import { ConfirmDialogButton } from "@/app/_components/confirm-dialog";
import { Field, FormMessages } from "@/app/_components/field";
import { type AttachedFiles, FileUpload } from "@/app/_components/file-upload";
import { trpc } from "@/app/_components/trpc";
import { useHydrated } from "@/app/_components/use-hydrated";
import type { PractitionerAction } from "@/server/api/schemas/portal/practitioner-portal";
import { ORDER_ERRORS } from "../../_components/messages";

const NO_FILES: AttachedFiles = { ids: [], pending: false };
const STILL_UPLOADING = "Berkas masih diunggah. Tunggu sampai selesai, lalu kirim lagi.";

/** The steps the order's status allows (decided by the server); the page re-renders after each. */
export function OrderActions({ orderId, actions }: { orderId: string; actions: PractitionerAction[] }) {
  const { busy, error, setError, run } = useAction(ORDER_ERRORS);
  const hydrated = useHydrated();
  const disabled = busy || !hydrated;
  const [done, setDone] = useState<string | null>(null);
  const [deliverable, setDeliverable] = useState("");
  const [questionFiles, setQuestionFiles] = useState<AttachedFiles>(NO_FILES);
  const [deliveryFiles, setDeliveryFiles] = useState<AttachedFiles>(NO_FILES);
  // A new key empties an upload list once its form went through.
  const [sent, setSent] = useState(0);
  const can = (action: PractitionerAction) => actions.includes(action);

  async function step(mutation: () => Promise<unknown>, success: string): Promise<boolean> {
    setDone(null);
    const result = await run(mutation);
    if (result.ok) setDone(success);
    return result.ok;
  }

  /** A form with one text field named "text": sent trimmed, and cleared once it went through. */
  function submitText(event: FormEvent<HTMLFormElement>, send: (text: string) => Promise<unknown>, success: string) {
    event.preventDefault();
    const form = event.currentTarget;
    const text = String(new FormData(form).get("text") ?? "").trim();
    if (!text) return setError("Isian masih kosong. Tulis teksnya terlebih dahulu.");
    if (questionFiles.pending) return setError(STILL_UPLOADING);
    void step(() => send(text), success).then((ok) => {
      if (!ok) return;
      form.reset();
      setSent((n) => n + 1);
    });
  }

  async function deliver() {
    const files = deliveryFiles.ids;
    if (
      await step(() => trpc.practitioner.deliver.mutate({ orderId, deliverable: deliverable.trim(), files }), "Hasil diserahkan ke klien.")
    ) {
      setDeliverable("");
      setSent((n) => n + 1);
    }
  }

  async function release() {
    const result = await run(() => trpc.practitioner.release.mutate({ orderId }));
    // The order is no longer mine (its page would be "not found"). A full page load, as after
    // accepting an offer: this page's polling must not supersede the navigation.
    if (result.ok) window.location.assign("/praktisi/pesanan");
  }

  return (
    <div className="order-actions">
      {done && (
        <p className="notice" role="status">
          {done}
        </p>
      )}
      <FormMessages error={error} />

      {can("start_work") && (
        <button
          type="button"
          className="button"
          disabled={disabled}
          onClick={() => void step(() => trpc.practitioner.startWork.mutate({ orderId }), "Pekerjaan dimulai.")}
        >
          Mulai kerjakan
        </button>
      )}

      {can("request_input") && (
        <form
          className="form"
          onSubmit={(e) =>
            submitText(
              e,
              (question) => trpc.practitioner.askClient.mutate({ orderId, question, files: questionFiles.ids }),
              "Pertanyaan terkirim ke klien.",
            )
          }
        >
          <label>
            Tanya klien
            <textarea name="text" rows={3} maxLength={10_000} required aria-describedby="ask-hint" />
          </label>
          <p id="ask-hint" className="muted small">
            Klien menerima pertanyaan ini lewat API. Status menjadi Menunggu jawaban klien sampai klien menjawab.
          </p>
          <FileUpload
            key={`ask-${sent}`}
            orderId={orderId}
            label="Lampiran pertanyaan (opsional)"
            hint="Misalnya draf yang perlu diperiksa klien. PDF, DOCX, XLSX, ODT, PNG, JPEG atau teks."
            disabled={disabled}
            onChange={setQuestionFiles}
          />
          <button type="submit" className="button secondary" disabled={disabled}>
            Kirim pertanyaan
          </button>
        </form>
      )}

      {can("deliver") && (
        <div className="form">
          <Field
            label="Hasil pekerjaan"
            hint="Catatan hasil untuk klien (wajib), dengan berkasnya dilampirkan di bawah. Setelah diserahkan, hasil tidak bisa diubah kecuali klien atau tim operator meminta revisi."
          >
            {(control) => (
              <textarea
                {...control}
                rows={5}
                maxLength={10_000}
                value={deliverable}
                onChange={(event) => setDeliverable(event.target.value)}
              />
            )}
          </Field>
          <FileUpload
            key={`deliver-${sent}`}
            orderId={orderId}
            label="Berkas hasil"
            hint="Dokumen yang diserahkan ke klien: PDF, DOCX, XLSX, ODT, PNG, JPEG atau teks, paling banyak 10 berkas."
            disabled={disabled}
            onChange={setDeliveryFiles}
          />
          <ConfirmDialogButton
            label="Serahkan hasil"
            title="Serahkan hasil ini ke klien?"
            confirmLabel="Ya, serahkan"
            busy={busy}
            canOpen={() => {
              setError(null);
              if (!deliverable.trim()) {
                setError("Isian masih kosong. Tulis catatan hasil terlebih dahulu.");
                return false;
              }
              if (deliveryFiles.pending) {
                setError(STILL_UPLOADING);
                return false;
              }
              return true;
            }}
            onConfirm={deliver}
          >
            <p>Klien menerima teks berikut sebagai hasil pesanan ini:</p>
            <p className="deliverable deliverable-preview">{deliverable.trim()}</p>
            <p>
              {deliveryFiles.ids.length === 0
                ? "Tanpa berkas terlampir."
                : `Dengan ${deliveryFiles.ids.length} berkas terlampir (tercantum di bawah kolom Berkas hasil).`}
            </p>
            <p>Setelah diserahkan, Anda tidak bisa mengubahnya kecuali klien atau tim operator meminta revisi.</p>
          </ConfirmDialogButton>
        </div>
      )}

      {can("release") && (
        <ConfirmDialogButton
          label="Lepaskan pesanan"
          title="Lepaskan pesanan ini?"
          confirmLabel="Ya, lepaskan"
          tone="secondary"
          danger
          busy={busy}
          onConfirm={release}
        >
          <p>Pesanan ditawarkan ke praktisi lain dan tidak bisa Anda ambil kembali.</p>
        </ConfirmDialogButton>
      )}
    </div>
  );
}

"use client";
import { type FormEvent, useState } from "react";
import { type ErrorMessages, useAction } from "@/app/_components/action";
import { Field, FormMessages } from "@/app/_components/field";
import { type AttachedFiles, FileUpload } from "@/app/_components/file-upload";
import { trpc } from "@/app/_components/trpc";

const MESSAGES: ErrorMessages = {
  INVALID_STATE: "Pesanan ini sudah selesai atau dibatalkan, jadi tidak bisa menerima pesan lagi. Muat ulang halaman.",
  CONFLICT: "Percakapan pesanan ini sudah mencapai batas jumlah pesan. Hubungi tim operator Kuasa bila masih perlu.",
  NOT_FOUND: "Pesanan ini tidak ditemukan di organisasi Anda. Buka daftar Pesanan lalu coba lagi.",
  VALIDATION: "Pesan wajib diisi (paling banyak 10.000 karakter), dan berkasnya harus diunggah ke pesanan ini. Periksa lalu kirim lagi.",
};

const NO_FILES: AttachedFiles = { ids: [], pending: false };

/**
 * The admin writes to the practitioner as the client, when the agent cannot: the answer to a
 * question (the order goes back to work) or a note, with files on live orders. The same rule as
 * POST /v1/orders/{id}/messages; the message has role admin, so everyone sees who wrote it.
 */
export function MessageForm({ orderId, answering, withFiles }: { orderId: string; answering: boolean; withFiles: boolean }) {
  const { busy, error, setError, run } = useAction(MESSAGES);
  const [body, setBody] = useState("");
  const [files, setFiles] = useState<AttachedFiles>(NO_FILES);
  const [sent, setSent] = useState(0);
  const [done, setDone] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(null);
    if (!body.trim()) {
      setError("Tulis pesannya terlebih dahulu.");
      return;
    }
    if (files.pending) {
      setError("Tunggu sampai semua berkas selesai diunggah, lalu kirim lagi.");
      return;
    }
    const result = await run(() => trpc.organization.sendMessage.mutate({ orderId, body, files: files.ids }));
    if (result.ok) {
      setBody("");
      setSent((n) => n + 1);
      setDone(answering ? "Jawaban terkirim; praktisi melanjutkan pekerjaan." : "Pesan terkirim ke praktisi.");
    }
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <Field
        label={answering ? "Jawab pertanyaan praktisi" : "Pesan untuk praktisi"}
        hint={
          answering
            ? "Jawaban Anda tercatat sebagai pesan admin klien, berlaku sama seperti jawaban agen lewat API, dan pesanan kembali dikerjakan."
            : "Tercatat sebagai pesan admin klien di percakapan; praktisi menerima pemberitahuan."
        }
      >
        {(control) => <textarea {...control} rows={4} maxLength={10_000} value={body} onChange={(event) => setBody(event.target.value)} />}
      </Field>
      {withFiles && (
        <FileUpload
          key={`message-${sent}`}
          orderId={orderId}
          label="Lampiran (opsional)"
          hint="Dokumen yang diminta praktisi: PDF, DOCX, XLSX, ODT, PNG, JPEG atau teks."
          disabled={busy}
          onChange={setFiles}
        />
      )}
      <FormMessages error={error} success={done} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Mengirim…" : answering ? "Kirim jawaban" : "Kirim pesan"}
      </button>
    </form>
  );
}

"use client";
import { type FormEvent, useState } from "react";
import { useAction } from "@/app/_components/action";
import { Field, FormMessages } from "@/app/_components/field";
import { trpc } from "@/app/_components/trpc";

/** The operator writes on the order's thread: the agent, its admins and the practitioner all read it. */
export function OperatorMessageForm({ orderId }: { orderId: string }) {
  const { busy, error, setError, run } = useAction({
    CONFLICT: "Percakapan pesanan ini sudah mencapai batas jumlah pesan.",
    VALIDATION: "Tulis pesannya (paling banyak 10.000 karakter), lalu kirim lagi.",
  });
  const [body, setBody] = useState("");
  const [done, setDone] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(null);
    if (!body.trim()) {
      setError("Tulis pesannya terlebih dahulu.");
      return;
    }
    const result = await run(() => trpc.operator.sendMessage.mutate({ orderId, body }));
    if (result.ok) {
      setBody("");
      setDone("Pesan terkirim: klien dan praktisi membacanya di pesanan ini.");
    }
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <Field
        label="Tulis ke klien dan praktisi"
        hint="Tercatat sebagai pesan operator di percakapan pesanan; agen membacanya lewat API, praktisi menerima e-mail pemberitahuan."
      >
        {(control) => <textarea {...control} rows={3} maxLength={10_000} value={body} onChange={(event) => setBody(event.target.value)} />}
      </Field>
      <FormMessages error={error} success={done} />
      <button type="submit" className="button secondary" disabled={busy}>
        {busy ? "Mengirim…" : "Kirim pesan"}
      </button>
    </form>
  );
}

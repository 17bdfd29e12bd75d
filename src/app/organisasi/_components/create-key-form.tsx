"use client";
import { type FormEvent, useState } from "react";
import { useAction } from "@/app/_components/action";
import { FormMessages } from "@/app/_components/field";
import { SecretReveal } from "@/app/_components/secret-reveal";
import { trpc } from "@/app/_components/trpc";
import { KeySettingsFields, readKeySettings } from "./key-settings";

/** Creates a key; its token and webhook secret are shown once, right here. */
export function CreateKeyForm({ defaults }: { defaults: { maxOrderIdr: number; monthlyBudgetIdr: number } }) {
  const { busy, error, setError, run } = useAction();
  const [created, setCreated] = useState<{ name: string; token: string; webhookSecret: string } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const read = readKeySettings(data);
    if ("problem" in read) {
      setError(read.problem);
      return;
    }
    const mode = data.get("mode") === "test" ? "test" : "live";
    const result = await run(() => trpc.organization.createKey.mutate({ ...read.settings, mode }));
    if (result.ok) {
      form.reset();
      setCreated({ name: read.settings.name, token: result.value.token, webhookSecret: result.value.webhookSecret });
    }
  }

  if (created) {
    return (
      <SecretReveal
        title={`Kunci "${created.name}" dibuat`}
        secrets={[
          { label: "Kunci API (Authorization: Bearer …)", value: created.token },
          { label: "Rahasia webhook (untuk memeriksa tanda tangan setiap webhook)", value: created.webhookSecret },
        ]}
        onDone={() => setCreated(null)}
      />
    );
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <fieldset className="checks">
        <legend>Mode</legend>
        <label className="check">
          <input type="radio" name="mode" value="live" defaultChecked />
          <span>
            Live <span className="muted">— pesanan sungguhan, dibayar dari deposit, dikerjakan praktisi berlisensi</span>
          </span>
        </label>
        <label className="check">
          <input type="radio" name="mode" value="test" />
          <span>
            Uji (sandbox){" "}
            <span className="muted">
              — data terpisah dan uang uji; pesanan dijalankan dengan /v1/test_helpers, tanpa praktisi sungguhan
            </span>
          </span>
        </label>
      </fieldset>
      <KeySettingsFields initial={defaults} />
      <FormMessages error={error} />
      <div className="row">
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Membuat…" : "Buat kunci API"}
        </button>
      </div>
    </form>
  );
}

"use client";
import { type FormEvent, useState } from "react";
import { useAction } from "@/app/_components/action";
import { Field, FormMessages } from "@/app/_components/field";
import { parseRupiah } from "@/app/_components/rupiah";
import { RupiahInput } from "@/app/_components/rupiah-input";
import { trpc } from "@/lib/trpc";
import type { Scope } from "@/server/domain/api-key";
import { isDashboardWebhookUrl } from "@/server/domain/webhook-url";
import { SCOPE_LABEL } from "./scopes";
import { SecretReveal } from "./secret-reveal";

const DEFAULT_SCOPES: Scope[] = ["katalog:baca", "order:buat", "status:baca"];

/** Creates a key; its token and webhook secret are shown once, right here. */
export function CreateKeyForm({ scopes, defaults }: { scopes: readonly Scope[]; defaults: { maxOrderIdr: number; monthlyBudgetIdr: number } }) {
  const { busy, error, setError, run } = useAction();
  const [created, setCreated] = useState<{ name: string; token: string; webhookSecret: string } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const name = String(data.get("name") ?? "").trim();
    const chosen = scopes.filter((scope) => data.getAll("scopes").includes(scope));
    const maxOrderIdr = parseRupiah(String(data.get("maxOrder") ?? ""));
    const monthlyBudgetIdr = parseRupiah(String(data.get("monthly") ?? ""));
    const webhookUrl = String(data.get("webhookUrl") ?? "").trim() || null;
    const mode = data.get("mode") === "test" ? "test" : "live";
    const problem = !name
      ? "Beri nama kunci, misalnya nama agen atau lingkungannya (produksi, uji)."
      : chosen.length === 0
        ? "Pilih setidaknya satu izin (scope)."
        : !maxOrderIdr || Number.isNaN(maxOrderIdr)
          ? "Isi batas per pesanan dalam rupiah, lebih dari nol."
          : !monthlyBudgetIdr || Number.isNaN(monthlyBudgetIdr)
            ? "Isi anggaran bulanan dalam rupiah, lebih dari nol."
            : webhookUrl && !isDashboardWebhookUrl(webhookUrl)
              ? "URL webhook harus diawali https:// (atau http://localhost untuk pengembangan)."
              : null;
    if (problem) {
      setError(problem);
      return;
    }
    const result = await run(() => trpc.organization.createKey.mutate({ name, mode, scopes: chosen, maxOrderIdr: maxOrderIdr!, monthlyBudgetIdr: monthlyBudgetIdr!, webhookUrl }));
    if (result.ok) {
      form.reset();
      setCreated({ name, token: result.value.token, webhookSecret: result.value.webhookSecret });
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
      <label>
        Nama kunci
        <input name="name" maxLength={100} required placeholder="mis. agen-produksi" />
      </label>
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
            Uji (sandbox) <span className="muted">— data terpisah dan uang uji; pesanan dijalankan dengan /v1/test_helpers, tanpa praktisi sungguhan</span>
          </span>
        </label>
      </fieldset>
      <fieldset className="checks">
        <legend>Izin (scope)</legend>
        {scopes.map((scope) => (
          <label key={scope} className="check">
            <input type="checkbox" name="scopes" value={scope} defaultChecked={DEFAULT_SCOPES.includes(scope)} />
            <span>
              <code>{scope}</code> <span className="muted">— {SCOPE_LABEL[scope]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="form-grid">
        <RupiahInput label="Batas per pesanan" name="maxOrder" required defaultValue={defaults.maxOrderIdr} hint="Pesanan atau tagihan di atas batas ini ditolak (BUDGET_EXCEEDED)." />
        <RupiahInput label="Anggaran bulanan" name="monthly" required defaultValue={defaults.monthlyBudgetIdr} hint="Total per bulan kalender (WIB) untuk kunci ini." />
      </div>
      <Field
        label={
          <>
            URL webhook <span className="muted">(opsional)</span>
          </>
        }
        hint="Perubahan status pesanan dikirim ke sini bila pesanan tidak membawa callback_url. Hanya https://, atau http://localhost untuk pengembangan."
      >
        {(control) => <input {...control} name="webhookUrl" type="url" inputMode="url" placeholder="https://agen.contoh.id/kuasa/webhook" />}
      </Field>
      <FormMessages error={error} />
      <div className="row">
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Membuat…" : "Buat kunci API"}
        </button>
      </div>
    </form>
  );
}

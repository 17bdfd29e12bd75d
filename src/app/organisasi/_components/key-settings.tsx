"use client";
import { Field } from "@/app/_components/field";
import { parseRupiah } from "@/app/_components/rupiah";
import { RupiahInput } from "@/app/_components/rupiah-input";
import { SCOPES, type Scope } from "@/server/domain/access/scopes";
import { isDashboardWebhookUrl } from "@/server/domain/events/webhook-url";
import { SCOPE_LABEL } from "./scopes";

export interface KeySettings {
  name: string;
  scopes: Scope[];
  maxOrderIdr: number;
  monthlyBudgetIdr: number;
  webhookUrl: string | null;
}

/** A key's settings as a form sends them, or what to fix first (the server checks the same again). */
export function readKeySettings(data: FormData): { settings: KeySettings } | { problem: string } {
  const name = String(data.get("name") ?? "").trim();
  const scopes = SCOPES.filter((scope) => data.getAll("scopes").includes(scope));
  const maxOrderIdr = parseRupiah(String(data.get("maxOrder") ?? ""));
  const monthlyBudgetIdr = parseRupiah(String(data.get("monthly") ?? ""));
  const webhookUrl = String(data.get("webhookUrl") ?? "").trim() || null;
  if (!name) return { problem: "Beri nama kunci, misalnya nama agen atau lingkungannya (produksi, uji)." };
  if (scopes.length === 0) return { problem: "Pilih setidaknya satu izin (scope)." };
  if (!maxOrderIdr || Number.isNaN(maxOrderIdr)) return { problem: "Isi batas per pesanan dalam rupiah, lebih dari nol." };
  if (!monthlyBudgetIdr || Number.isNaN(monthlyBudgetIdr)) return { problem: "Isi anggaran bulanan dalam rupiah, lebih dari nol." };
  if (webhookUrl && !isDashboardWebhookUrl(webhookUrl))
    return { problem: "URL webhook harus diawali https:// (atau http://localhost untuk pengembangan)." };
  return { settings: { name, scopes, maxOrderIdr, monthlyBudgetIdr, webhookUrl } };
}

/** The fields a key is created and edited with; a new key starts with every scope ticked. */
export function KeySettingsFields({
  initial,
}: {
  initial: { name?: string; scopes?: readonly string[]; maxOrderIdr: number; monthlyBudgetIdr: number; webhookUrl?: string | null };
}) {
  const ticked = initial.scopes ?? SCOPES;
  return (
    <>
      <Field label="Nama kunci">
        {(control) => (
          <input {...control} name="name" maxLength={100} required placeholder="mis. agen-produksi" defaultValue={initial.name ?? ""} />
        )}
      </Field>
      <fieldset className="checks">
        <legend>Izin (scope)</legend>
        {SCOPES.map((scope) => (
          <label key={scope} className="check">
            <input type="checkbox" name="scopes" value={scope} defaultChecked={ticked.includes(scope)} />
            <span>
              <code>{scope}</code> <span className="muted">— {SCOPE_LABEL[scope]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="form-grid">
        <RupiahInput
          label="Batas per pesanan"
          name="maxOrder"
          required
          defaultValue={initial.maxOrderIdr}
          hint="Pesanan atau tagihan di atas batas ini ditolak (BUDGET_EXCEEDED)."
        />
        <RupiahInput
          label="Anggaran bulanan"
          name="monthly"
          required
          defaultValue={initial.monthlyBudgetIdr}
          hint="Total per bulan kalender (WIB) untuk kunci ini."
        />
      </div>
      <Field
        label={
          <>
            URL webhook <span className="muted">(opsional)</span>
          </>
        }
        hint="Perubahan status pesanan dikirim ke sini bila pesanan tidak membawa callback_url. Hanya https://, atau http://localhost untuk pengembangan."
      >
        {(control) => (
          <input
            {...control}
            name="webhookUrl"
            type="url"
            inputMode="url"
            placeholder="https://agen.contoh.id/kuasa/webhook"
            defaultValue={initial.webhookUrl ?? ""}
          />
        )}
      </Field>
    </>
  );
}

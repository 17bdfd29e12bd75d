"use client";
import { type FormEvent, useState } from "react";
import { useAction } from "@/app/_components/action";
import { FormMessages } from "@/app/_components/field";
import { trpc } from "@/app/_components/trpc";
import { KeySettingsFields, readKeySettings } from "@/app/organisasi/_components/key-settings";
import type { Scope } from "@/server/domain/access/scopes";

/** The admin's decision: the grant's mode and limits, as a key's, then back to the application. */
export function ConsentForm({
  params,
  clientName,
  requestedScopes,
  defaults,
}: {
  params: Record<string, string>;
  clientName: string;
  requestedScopes: Scope[];
  defaults: { maxOrderIdr: number; monthlyBudgetIdr: number };
}) {
  const { busy, error, setError, run } = useAction();
  const [leaving, setLeaving] = useState(false);

  async function approve(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const read = readKeySettings(data);
    if ("problem" in read) {
      setError(read.problem);
      return;
    }
    const mode = data.get("mode") === "live" ? "live" : "test";
    const result = await run(() => trpc.oauthConsent.approve.mutate({ ...read.settings, mode, params }));
    if (result.ok) {
      setLeaving(true);
      window.location.assign(result.value.redirectTo);
    }
  }

  async function deny() {
    const result = await run(() => trpc.oauthConsent.deny.mutate({ params }));
    if (result.ok) {
      setLeaving(true);
      window.location.assign(result.value.redirectTo);
    }
  }

  return (
    <form className="form" onSubmit={approve} noValidate>
      <fieldset className="checks">
        <legend>Mode</legend>
        <label className="check">
          <input type="radio" name="mode" value="test" defaultChecked />
          <span>
            Uji (sandbox) <span className="muted">— data terpisah dan uang uji, tanpa praktisi sungguhan</span>
          </span>
        </label>
        <label className="check">
          <input type="radio" name="mode" value="live" />
          <span>
            Live <span className="muted">— pesanan sungguhan, dibayar dari deposit organisasi</span>
          </span>
        </label>
      </fieldset>
      <KeySettingsFields initial={{ ...defaults, name: clientName, scopes: requestedScopes }} />
      <FormMessages error={error} />
      <div className="row">
        <button type="submit" className="button" disabled={busy || leaving}>
          {leaving ? "Kembali ke aplikasi…" : "Izinkan"}
        </button>
        <button type="button" className="button secondary" disabled={busy || leaving} onClick={deny}>
          Tolak
        </button>
      </div>
    </form>
  );
}

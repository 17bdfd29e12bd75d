"use client";
import type { FormEvent } from "react";
import { useAction } from "@/app/_components/action";
import { FormMessages } from "@/app/_components/field";
import { trpc } from "@/app/_components/trpc";
import { KeySettingsFields, readKeySettings } from "./key-settings";

const MESSAGES = {
  NOT_FOUND: "Kunci ini tidak ditemukan di organisasi Anda. Muat ulang halaman.",
  INVALID_STATE: "Kunci ini sudah dicabut dan tidak bisa diubah lagi. Buat kunci baru bila perlu.",
};

/** Changes a key's name, scopes, limits and webhook URL; the agent's next request uses them. */
export function EditKeyForm({
  apiKey,
}: {
  apiKey: { id: string; name: string; scopes: string[]; maxOrderIdr: number; monthlyBudgetIdr: number; webhookUrl: string | null };
}) {
  const { busy, error, setError, run } = useAction(MESSAGES, { success: `Perubahan kunci "${apiKey.name || "tanpa nama"}" disimpan.` });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const read = readKeySettings(new FormData(event.currentTarget));
    if ("problem" in read) {
      setError(read.problem);
      return;
    }
    await run(() => trpc.organization.updateKey.mutate({ apiKeyId: apiKey.id, ...read.settings }));
  }

  return (
    <form className="form compact" onSubmit={submit} noValidate aria-label={`Ubah kunci ${apiKey.name || "tanpa nama"}`}>
      <KeySettingsFields initial={apiKey} />
      <FormMessages error={error} />
      <div className="row">
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Menyimpan…" : "Simpan perubahan"}
        </button>
      </div>
    </form>
  );
}

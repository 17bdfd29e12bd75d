"use client";
import { type FormEvent, useState } from "react";
import { useAction } from "@/app/_components/action";
import { FormMessages } from "@/app/_components/field";
import { formatRupiah } from "@/app/_components/format";
import { parseRupiah } from "@/app/_components/rupiah";
import { RupiahInput } from "@/app/_components/rupiah-input";
import { trpc } from "@/app/_components/trpc";

/** Orders priced above the threshold wait for an admin; blank means every order is paid at once. */
export function ThresholdForm({ current }: { current: number | null }) {
  const { busy, error, setError, run } = useAction();
  const [saved, setSaved] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(null);
    const thresholdIdr = parseRupiah(String(new FormData(event.currentTarget).get("threshold") ?? ""));
    if (thresholdIdr !== null && (Number.isNaN(thresholdIdr) || thresholdIdr < 1)) {
      setError("Tulis ambang dalam rupiah (misalnya 10.000.000), atau kosongkan agar tidak perlu persetujuan.");
      return;
    }
    const result = await run(() => trpc.organization.setThreshold.mutate({ thresholdIdr }));
    if (result.ok)
      setSaved(
        thresholdIdr === null
          ? "Tersimpan: semua pesanan kini langsung dibayar."
          : `Tersimpan: pesanan di atas ${formatRupiah(thresholdIdr)} menunggu persetujuan.`,
      );
  }

  return (
    <form className="form compact" onSubmit={submit} noValidate>
      <RupiahInput
        label="Ambang (Rp)"
        name="threshold"
        defaultValue={current}
        hint="Kosongkan bila tidak perlu persetujuan. Berlaku untuk pesanan baru dari API dan MCP."
      />
      <FormMessages error={error} success={saved} />
      <div className="row">
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Menyimpan…" : "Simpan ambang"}
        </button>
      </div>
    </form>
  );
}

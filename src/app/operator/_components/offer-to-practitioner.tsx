"use client";
import { useState } from "react";
import type { z } from "zod";
import { useAction } from "@/app/_components/action";
import { ConfirmDialogButton } from "@/app/_components/confirm-dialog";
import { Field, FormMessages } from "@/app/_components/field";
import { trpc } from "@/app/_components/trpc";
import type { choosablePractitionersOutput } from "@/server/api/schemas/portal/operator-portal";

type ChoosablePractitioner = z.infer<typeof choosablePractitionersOutput>[number];

/** Why a practitioner cannot be chosen, or what choosing them means for the rotation. */
function noteOf(p: ChoosablePractitioner): string {
  if (p.holdsLiveOffer) return "sedang memegang tawaran ini";
  if (!p.available) return "menjeda tawaran baru";
  if (p.conflicts.length > 0) return `benturan kepentingan: ${p.conflicts.join("; ")}`;
  if (p.passedThisRound) return "sudah melewatkan putaran ini; memulai putaran baru";
  return "belum ditawari di putaran ini";
}

/** The operator offers an order on offer to one qualified practitioner of their choosing, for 30 minutes. */
export function OfferToPractitioner({ orderId, practitioners }: { orderId: string; practitioners: ChoosablePractitioner[] }) {
  const choosable = practitioners.filter((p) => p.available && !p.holdsLiveOffer && p.conflicts.length === 0);
  const [chosen, setChosen] = useState(choosable[0]?.id ?? "");
  const { busy, error, run } = useAction({
    CONFLICT:
      "Praktisi ini tidak bisa ditawari sekarang: menjeda tawaran, sudah memegang tawarannya, atau berbenturan kepentingan dengan pihak pada pesanan ini. Muat ulang lalu pilih yang lain.",
    VALIDATION: "Praktisi ini tidak memenuhi syarat layanan (bidang, atau kredensial yang berlaku). Muat ulang lalu pilih dari daftar.",
  });
  if (practitioners.length === 0)
    return (
      <p className="muted">
        Tidak ada praktisi aktif di bidang ini dengan kredensial terverifikasi dan berlaku yang dibutuhkan layanan ini. Aktifkan praktisi,
        atau catat kredensialnya di halamannya (menu Praktisi), atau verifikasi yang menunggu di menu Kredensial.
      </p>
    );
  const name = practitioners.find((p) => p.id === chosen)?.name ?? "";
  const holder = practitioners.find((p) => p.holdsLiveOffer);
  return (
    <div className="form offer-choice">
      {holder && (
        <p className="offer-holder">
          Tawaran berjalan sekarang: <strong>{holder.name}</strong>.
        </p>
      )}
      <Field label="Tawarkan ke praktisi tertentu" hint="Tawaran yang berjalan ditarik; praktisi pilihan mendapat 30 menit untuk menjawab.">
        {(control) => (
          <select {...control} value={chosen} onChange={(event) => setChosen(event.target.value)}>
            {practitioners.map((p) => (
              <option key={p.id} value={p.id} disabled={!p.available || p.holdsLiveOffer || p.conflicts.length > 0}>
                {p.name}
                {p.label ? ` (${p.label})` : ""}: {noteOf(p)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <ConfirmDialogButton
        label="Tawarkan"
        title={`Tawarkan pesanan ${orderId} ke ${name}?`}
        confirmLabel="Ya, tawarkan"
        tone="secondary"
        busy={busy}
        canOpen={() => chosen !== ""}
        onConfirm={() =>
          run(() => trpc.operator.offerToPractitioner.mutate({ orderId, practitionerId: chosen }), {
            success: `Pesanan ditawarkan ke ${name}.`,
          })
        }
      >
        <p>
          Tawaran yang sedang berjalan ditarik, dan <strong>{name}</strong> mendapat tawaran pesanan <code>{orderId}</code> selama 30 menit
          (notifikasi e-mail bila aktif). Jika ditolak atau kedaluwarsa, giliran adil berjalan lagi seperti biasa.
        </p>
      </ConfirmDialogButton>
      <FormMessages error={error} />
    </div>
  );
}

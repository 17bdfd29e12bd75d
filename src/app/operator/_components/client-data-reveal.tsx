"use client";
import { useState } from "react";
import type { z } from "zod";
import { useAction } from "@/app/_components/action";
import { FormMessages } from "@/app/_components/field";
import { IntakeList } from "@/app/_components/order-parts";
import { trpc } from "@/app/_components/trpc";
import type { PortalFile } from "@/server/api/schemas/files/file";
import type { clientDataOutput } from "@/server/api/schemas/portal/operator-portal";

type ClientData = z.infer<typeof clientDataOutput>;

/**
 * The order's intake (and its case's story and contact) as the client sent it, shown only when
 * the operator asks: the server writes the reading to the audit log before it answers. `files`:
 * the order's files, so a document field shows its file's name.
 */
export function ClientDataReveal({ orderId, files }: { orderId: string; files?: readonly PortalFile[] }) {
  const [data, setData] = useState<ClientData | null>(null);
  const { busy, error, run } = useAction();
  async function reveal() {
    const result = await run(() => trpc.operator.revealClientData.mutate({ orderId }));
    if (result.ok) setData(result.value);
  }
  if (!data)
    return (
      <div className="client-data">
        <p className="muted">
          Intake berisi data pribadi klien (kontak, pihak, isi perkara). Setiap kali dibuka, tercatat di log audit atas nama Anda.
        </p>
        <button type="button" className="button secondary" disabled={busy} onClick={() => void reveal()}>
          {busy ? "Membuka…" : "Lihat data klien"}
        </button>
        <FormMessages error={error} />
      </div>
    );
  return (
    <div className="client-data">
      <IntakeList intake={data.intake} labels={data.intakeLabels} files={files} />
      {data.case && (
        <>
          <h3>
            Kasus <code>{data.case.id}</code>
          </h3>
          <dl className="intake">
            <div className="fact">
              <dt>Kontak</dt>
              <dd>
                {data.case.contactName} · {data.case.contactEmail}
                {data.case.contactPhone && <> · {data.case.contactPhone}</>}
              </dd>
            </div>
            <div className="fact">
              <dt>Cerita klien</dt>
              <dd>{data.case.story}</dd>
            </div>
          </dl>
        </>
      )}
      <p className="muted small">Pembukaan ini tercatat di log audit pesanan.</p>
    </div>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { type Column, DataTable, type TableParams, tableQuery } from "@/app/_components/data-table";
import { eventLabel, formatDateTime } from "@/app/_components/format";
import { PageTitle } from "@/app/_components/ui";
import type { DeliveryStatus } from "@/generated/prisma/enums";
import { portalPage } from "@/server/runtime/portal";
import { inMode, ModeSwitch, modeOf } from "../_components/mode";
import { RedeliverButton } from "../_components/redeliver-button";

// Attempts come seconds apart (10, 20, 40, 80 s): their times need seconds.
const attemptTime = new Intl.DateTimeFormat("id-ID", { dateStyle: "medium", timeStyle: "medium", timeZone: "Asia/Jakarta" });

const DELIVERY_LABEL: Record<DeliveryStatus, { text: string; tone: string }> = {
  menunggu: { text: "Menunggu percobaan", tone: "pill-warn" },
  terkirim: { text: "Terkirim", tone: "pill-ok" },
  gagal: { text: "Gagal (5 percobaan habis)", tone: "pill-bad" },
};
const STATUSES = Object.keys(DELIVERY_LABEL) as DeliveryStatus[];

const isOk = (code: number | null) => code !== null && code >= 200 && code < 300;
const answerOf = (attempt: { statusCode: number | null; error: string | null }) =>
  isOk(attempt.statusCode) ? `HTTP ${attempt.statusCode}` : (attempt.error ?? `HTTP ${attempt.statusCode}`);

export const metadata: Metadata = { title: "Pengiriman webhook — Kuasa" };

export default async function WebhookPage({ searchParams }: { searchParams: Promise<TableParams> }) {
  const params = await searchParams;
  const mode = modeOf(params);
  const query = tableQuery(params, ["status"]);
  const status = STATUSES.find((s) => s === query.filters.status);
  const { caller } = await portalPage("org_admin");
  const events = await caller.organization.webhookDeliveries({
    mode,
    orderId: query.q?.slice(0, 64),
    status,
    page: { starting_after: query.starting_after },
  });
  type Row = (typeof events.data)[number];
  const latest = (event: Row) => event.deliveries.at(-1);
  const columns: Array<Column<Row>> = [
    {
      key: "type",
      header: "Event",
      // The label only: the event's code is in its details, where it does not break mid-word in a narrow column.
      cell: (event) => eventLabel(event.payload.event),
    },
    {
      key: "subject",
      header: "Pesanan atau kasus",
      cell: (event) =>
        event.orderId ? (
          <Link href={inMode(`/organisasi/pesanan/${event.orderId}`, mode)}>
            <code>{event.orderId}</code>
          </Link>
        ) : event.caseId ? (
          <Link href={`/organisasi/kasus#${event.caseId}`}>Kasus {event.caseId}</Link>
        ) : (
          <Link href={inMode("/organisasi", mode)}>Deposit</Link>
        ),
    },
    {
      key: "status",
      header: "Status",
      cell: (event) => {
        const delivery = latest(event);
        return delivery ? (
          <span className={`pill ${DELIVERY_LABEL[delivery.status].tone}`}>{DELIVERY_LABEL[delivery.status].text}</span>
        ) : (
          <span className="pill pill-muted">Tidak dikirim</span>
        );
      },
    },
    { key: "attempts", header: "Percobaan", align: "end", cell: (event) => latest(event)?.attempts ?? 0 },
    {
      key: "answer",
      header: "Jawaban terakhir",
      secondary: true,
      cell: (event) => {
        const attempt = latest(event)?.attemptsLog.at(-1);
        return attempt ? (
          <span className={isOk(attempt.statusCode) ? "positive" : "negative"}>{answerOf(attempt)}</span>
        ) : (
          <span className="muted">—</span>
        );
      },
    },
    { key: "at", header: "Waktu", secondary: true, cell: (event) => formatDateTime(event.createdAt) },
    {
      key: "detail",
      header: "Rincian",
      cell: (event) =>
        event.deliveries.length === 0 ? (
          <span className="muted small">
            Tidak dikirim: tanpa callback_url dan URL webhook kunci. Agen memantau lewat{" "}
            {event.orderId ? "GET /v1/orders/{id}" : "GET /v1/cases/{id}"}.
          </span>
        ) : (
          <details className="disclosure">
            <summary>
              Percobaan<span className="visually-hidden"> event {event.id}</span> (
              {event.deliveries.reduce((n, d) => n + d.attemptsLog.length, 0)})
            </summary>
            <p className="small">
              Jenis event di payload: <code className="nowrap">{event.type}</code>
            </p>
            {event.deliveries.map((delivery, index) => (
              <section key={delivery.id} className="delivery" aria-label={`Pengiriman ${index + 1} ke ${delivery.url}`}>
                <p className="delivery-head">
                  <span className={`pill ${DELIVERY_LABEL[delivery.status].tone}`}>{DELIVERY_LABEL[delivery.status].text}</span>{" "}
                  <code className="break">{delivery.url}</code>
                  {delivery.status === "menunggu" && delivery.nextAttemptAt && (
                    <span className="muted small"> percobaan berikutnya {formatDateTime(delivery.nextAttemptAt)}</span>
                  )}
                </p>
                {delivery.attemptsLog.length === 0 ? (
                  <p className="muted small">Belum ada percobaan.</p>
                ) : (
                  <ol className="attempts small">
                    {delivery.attemptsLog.map((attempt) => (
                      <li key={attempt.attempt}>
                        {attemptTime.format(new Date(attempt.startedAt))} WIB ·{" "}
                        <span className={isOk(attempt.statusCode) ? "positive" : "negative"}>{answerOf(attempt)}</span> ·{" "}
                        {attempt.durationMs} ms
                      </li>
                    ))}
                  </ol>
                )}
              </section>
            ))}
            <RedeliverButton eventId={event.id} />
          </details>
        ),
    },
  ];
  return (
    <>
      <PageTitle lead="Setiap perubahan status pesanan dikirim sebagai POST bertanda tangan ke callback_url pesanan, atau ke URL webhook kuncinya. Gagal dicoba ulang hingga 5 kali (±10, 20, 40, 80 detik). Yang dicatat hanya kode status, durasi dan jenis gangguan; isi jawaban penerima tidak dibaca dan tidak disimpan, jadi periksa log penerima Anda sendiri untuk rinciannya.">
        Pengiriman webhook
      </PageTitle>
      <ModeSwitch basePath="/organisasi/webhook" mode={mode} what="webhook" />
      <DataTable
        caption={mode === "test" ? "Event webhook uji (sandbox), terbaru di atas" : "Event webhook, terbaru di atas"}
        basePath="/organisasi/webhook"
        params={params}
        search={{ label: "ID pesanan", placeholder: "ord_…" }}
        filters={[
          { name: "status", label: "Status pengiriman", options: STATUSES.map((s) => ({ value: s, label: DELIVERY_LABEL[s].text })) },
        ]}
        columns={columns}
        rows={events.data}
        rowKey={(event) => event.id}
        hasMore={events.has_more}
        empty={{
          title: mode === "test" ? "Belum ada event webhook uji." : "Belum ada event webhook.",
          hint: "Event dibuat saat status pesanan berubah, misalnya ketika pesanan dibayar. Pesanan yang masih menunggu persetujuan belum punya event.",
        }}
      />
    </>
  );
}

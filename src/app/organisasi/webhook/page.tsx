import type { Metadata } from "next";
import Link from "next/link";
import { CASE_EVENT_LABEL, formatDateTime, ORDER_STATUS_LABEL } from "@/app/_components/format";
import { EmptyState, PageTitle } from "@/app/_components/ui";
import type { DeliveryStatus } from "@/generated/prisma/enums";
import { portalPage } from "@/server/portal";
import { RedeliverButton } from "../_components/redeliver-button";

// Attempts come seconds apart (10, 20, 40, 80 s): their times need seconds.
const attemptTime = new Intl.DateTimeFormat("id-ID", { dateStyle: "medium", timeStyle: "medium", timeZone: "Asia/Jakarta" });

const DELIVERY_LABEL: Record<DeliveryStatus, { text: string; tone: string }> = {
  menunggu: { text: "Menunggu percobaan", tone: "pill-warn" },
  terkirim: { text: "Terkirim", tone: "pill-ok" },
  gagal: { text: "Gagal (5 percobaan habis)", tone: "pill-bad" },
};

export const metadata: Metadata = { title: "Pengiriman webhook — Kuasa" };

export default async function WebhookPage({ searchParams }: { searchParams: Promise<{ order?: string }> }) {
  const { caller } = await portalPage("org_admin");
  const orderId = (await searchParams).order?.trim() || undefined;
  const events = await caller.organization.webhookDeliveries({ orderId });
  return (
    <>
      <PageTitle lead="Setiap perubahan status pesanan dikirim sebagai POST bertanda tangan ke callback_url pesanan, atau ke URL webhook kuncinya. Gagal dicoba ulang hingga 5 kali (±10, 20, 40, 80 detik). Yang dicatat hanya kode status, durasi dan jenis gangguan; isi jawaban penerima tidak dibaca dan tidak disimpan, jadi periksa log penerima Anda sendiri untuk rinciannya.">
        Pengiriman webhook
      </PageTitle>
      <form className="filter" role="search" action="/organisasi/webhook">
        <label>
          ID pesanan
          <input name="order" defaultValue={orderId ?? ""} placeholder="ord_…" spellCheck={false} />
        </label>
        <button type="submit" className="button secondary">
          Saring
        </button>
        {orderId && <Link href="/organisasi/webhook">Tampilkan semua</Link>}
      </form>

      {events.length === 0 ? (
        <EmptyState
          title={orderId ? `Tidak ada event untuk pesanan ${orderId}.` : "Belum ada event webhook."}
          hint={orderId ? "Periksa ID pesanannya; pesanan yang masih menunggu persetujuan belum punya event." : "Event dibuat saat status pesanan berubah, misalnya ketika pesanan dibayar."}
        />
      ) : (
        <ul className="plain-list">
          {events.map((event) => (
            <li key={event.id}>
              <article className="card" aria-labelledby={`${event.id}-title`}>
                <header className="card-head">
                  <div>
                    <h2 id={`${event.id}-title`}>
                      <code>{event.type}</code> <span className="muted small">{"order" in event.payload ? ORDER_STATUS_LABEL[event.payload.order.status] : CASE_EVENT_LABEL[event.payload.event]}</span>
                      {!event.livemode && <span className="pill pill-test">Mode uji</span>}
                    </h2>
                    <p className="muted small">
                      {event.orderId ? (
                        <>
                          Pesanan <Link href={`/organisasi/webhook?order=${encodeURIComponent(event.orderId)}`}>{event.orderId}</Link>
                        </>
                      ) : (
                        <>Kasus {event.caseId}</>
                      )}{" "}
                      · event <code>{event.id}</code> · {formatDateTime(event.createdAt)}
                    </p>
                  </div>
                </header>
                {event.deliveries.length === 0 ? (
                  <p className="muted">Tidak dikirim: pesanan ini tanpa callback_url dan kuncinya tanpa URL webhook. Agen bisa memantau lewat GET /v1/orders/{"{id}"}.</p>
                ) : (
                  event.deliveries.map((delivery) => (
                    <section key={delivery.id} className="delivery" aria-label={`Pengiriman ke ${delivery.url}`}>
                      <p className="delivery-head">
                        <span className={`pill ${DELIVERY_LABEL[delivery.status].tone}`}>{DELIVERY_LABEL[delivery.status].text}</span>
                        <code className="break">{delivery.url}</code>
                        {delivery.status === "menunggu" && delivery.nextAttemptAt && <span className="muted small">percobaan berikutnya {formatDateTime(delivery.nextAttemptAt)}</span>}
                      </p>
                      {delivery.attemptsLog.length === 0 ? (
                        <p className="muted small">Belum ada percobaan.</p>
                      ) : (
                        <div className="table-wrap">
                          <table>
                            <thead>
                              <tr>
                                <th scope="col">#</th>
                                <th scope="col">Waktu</th>
                                <th scope="col">Hasil</th>
                                <th scope="col" className="num">
                                  Durasi
                                </th>
                              </tr>
                            </thead>
                            <tbody>
                              {delivery.attemptsLog.map((attempt) => {
                                const ok = attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
                                return (
                                  <tr key={attempt.attempt}>
                                    <td data-label="Percobaan">{attempt.attempt}</td>
                                    <td data-label="Waktu">{attemptTime.format(new Date(attempt.startedAt))} WIB</td>
                                    <td data-label="Hasil" className={ok ? "positive" : "negative"}>
                                      {ok ? `HTTP ${attempt.statusCode}` : (attempt.error ?? `HTTP ${attempt.statusCode}`)}
                                    </td>
                                    <td data-label="Durasi" className="num">
                                      {attempt.durationMs} ms
                                    </td>
                                  </tr>
                                );
                              })}
                            </tbody>
                          </table>
                        </div>
                      )}
                    </section>
                  ))
                )}
                {event.deliveries.length > 0 && <RedeliverButton eventId={event.id} />}
              </article>
            </li>
          ))}
        </ul>
      )}
      {events.length >= 50 && <p className="muted small">Menampilkan 50 event terbaru. Saring dengan ID pesanan untuk melihat event yang lebih lama.</p>}
    </>
  );
}

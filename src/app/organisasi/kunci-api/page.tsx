import type { Metadata } from "next";
import { CardList } from "@/app/_components/card-list";
import { formatDateTime, formatRupiah } from "@/app/_components/format";
import { Card, PageTitle } from "@/app/_components/ui";
import { API_VERSIONS, currentVersion, pinnedVersion } from "@/server/domain/api-version";
import { portalPage } from "@/server/runtime/portal";
import { CreateKeyForm } from "../_components/create-key-form";
import { EditKeyDisclosure } from "../_components/edit-key-disclosure";
import { KeyActions } from "../_components/key-actions";
import { KeyRequests } from "../_components/key-requests";
import { KeyVersion } from "../_components/key-version";
import { OrganizationStatusNotice } from "../_components/status-notice";

export const metadata: Metadata = { title: "Kunci API — Kuasa" };

export default async function ApiKeysPage() {
  const { caller } = await portalPage("org_admin");
  const current = currentVersion(API_VERSIONS);
  const [keys, defaults, overview] = await Promise.all([
    caller.organization.keys(),
    caller.organization.keyDefaults(),
    caller.organization.overview(),
  ]);
  return (
    <>
      <PageTitle lead="Kunci yang dipakai agen Anda untuk REST API (/v1) dan MCP, masing-masing dengan izin dan anggarannya sendiri, termasuk aplikasi AI yang Anda izinkan lewat OAuth.">
        Kunci API
      </PageTitle>
      <OrganizationStatusNotice status={overview.status} />
      <Card title="Buat kunci baru">
        <CreateKeyForm defaults={defaults} />
      </Card>

      <h2 className="section-title">Kunci organisasi ({keys.length})</h2>
      <CardList
        label="Kunci organisasi"
        items={keys}
        itemKey={(key) => key.id}
        empty={{
          title: "Belum ada kunci API.",
          hint: "Buat kunci di atas, lalu pasang di agen Anda sebagai Authorization: Bearer <kunci>.",
        }}
        render={(key) => (
          <article className={`card key-card${key.revokedAt ? " revoked" : ""}`} aria-labelledby={`${key.id}-title`}>
            <header className="card-head">
              <div>
                <h3 id={`${key.id}-title`}>{key.name || "Tanpa nama"}</h3>
                <p className="muted small">
                  {key.mode === "test" && <span className="pill pill-test">Mode uji</span>}{" "}
                  {key.oauthClientName ? <>Aplikasi terhubung lewat OAuth: {key.oauthClientName}</> : <code>{key.keyId}</code>} · dibuat{" "}
                  {formatDateTime(key.createdAt)}
                </p>
              </div>
              {key.revokedAt ? (
                <span className="pill pill-muted">Dicabut {formatDateTime(key.revokedAt)}</span>
              ) : (
                <span className="pill pill-ok">Aktif</span>
              )}
            </header>
            <dl className="facts">
              <dt>Izin</dt>
              <dd>
                {key.scopes.map((scope) => (
                  <code key={scope} className="scope">
                    {scope}
                  </code>
                ))}
              </dd>
              <dt>Batas per pesanan</dt>
              <dd>{formatRupiah(key.maxOrderIdr)}</dd>
              <dt>Terpakai bulan ini</dt>
              <dd>
                {formatRupiah(key.spentThisMonthIdr)} dari {formatRupiah(key.monthlyBudgetIdr)}
                <meter
                  className="spend"
                  min={0}
                  max={key.monthlyBudgetIdr}
                  high={key.monthlyBudgetIdr * 0.8}
                  value={key.spentThisMonthIdr}
                  aria-label="Pemakaian anggaran bulanan"
                />
              </dd>
              <dt>Terakhir dipakai</dt>
              <dd>{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : <span className="muted">Belum pernah</span>}</dd>
              <dt>Versi API</dt>
              <dd>
                <KeyVersion
                  apiKeyId={key.id}
                  name={key.name || key.keyId}
                  version={key.apiVersion}
                  current={current.date}
                  sunset={pinnedVersion(API_VERSIONS, key.apiVersion).deprecation?.sunset ?? null}
                  movable={!key.revokedAt}
                />
              </dd>
              <dt>URL webhook</dt>
              <dd>
                {key.webhookUrl ? (
                  <code className="break">{key.webhookUrl}</code>
                ) : (
                  <span className="muted">Tidak ada (hanya callback_url per pesanan)</span>
                )}
              </dd>
              {key.previousWebhookSecretExpiresAt && (
                <>
                  <dt>Rahasia webhook lama</dt>
                  <dd>Masih ikut menandatangani webhook sampai {formatDateTime(key.previousWebhookSecretExpiresAt)}</dd>
                </>
              )}
            </dl>
            <KeyRequests apiKeyId={key.id} name={key.name || key.keyId} />
            {!key.revokedAt && (
              <>
                <EditKeyDisclosure apiKey={key} />
                <KeyActions apiKeyId={key.id} name={key.name || key.keyId} overlapUntil={key.previousWebhookSecretExpiresAt} />
              </>
            )}
          </article>
        )}
      />
    </>
  );
}

import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { EmptyState } from "@/app/_components/ui";
import { portalPage } from "@/server/runtime/portal";
import { ConsentForm } from "./consent-form";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Izinkan aplikasi — Kuasa", robots: { index: false } };

const PARAMS = [
  "client_id",
  "redirect_uri",
  "response_type",
  "code_challenge",
  "code_challenge_method",
  "state",
  "scope",
  "resource",
] as const;

const RESOURCE_LABEL = { mcp: "server MCP Kuasa (/mcp)", v1: "REST API Kuasa (/v1)" } as const;

/**
 * The OAuth authorization endpoint: an organisation's admin, signed in through the portal's sign-in,
 * decides whether an AI application may act for the organisation, and with which limits.
 */
export default async function AuthorizePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams;
  const params = Object.fromEntries(
    PARAMS.flatMap((name) => (typeof query[name] === "string" ? [[name, (query[name] as string).slice(0, 2000)]] : [])),
  );
  const { user, caller } = await portalPage("org_admin", `/oauth/izinkan?${new URLSearchParams(params).toString()}`);
  const [request, defaults, organization] = await Promise.all([
    caller.oauthConsent.request({ params }),
    caller.organization.keyDefaults(),
    caller.organization.overview(),
  ]);
  if (!request.ok && request.redirectTo) redirect(request.redirectTo);
  return (
    <>
      {/* Who decides, for which organisation: the admin may belong to the wrong one, or be signed in as someone else. */}
      <header className="site-header">
        <span className="brand">Kuasa</span>
        <p className="muted small">
          Masuk sebagai {user.name} · {organization.name}
        </p>
      </header>
      <main className="narrow consent">
        {request.ok ? (
          <>
            <h1>Izinkan {request.client.name || "aplikasi tanpa nama"} memakai Kuasa?</h1>
            <p>
              Aplikasi ini meminta akses ke {RESOURCE_LABEL[request.resource]} atas nama <strong>{organization.name}</strong>. Setelah Anda
              izinkan, Kuasa mengirim Anda kembali ke <strong>{request.redirectHost}</strong>.
            </p>
            <p className="muted small">
              Izin ini bekerja seperti kunci API: izin, batas per pesanan, anggaran bulanan, batas persetujuan organisasi dan batas laju
              berlaku sama. Anda dapat mencabutnya kapan saja di halaman Kunci API.
            </p>
            <ConsentForm
              params={params}
              clientName={request.client.name}
              requestedScopes={request.scopes}
              defaults={{ maxOrderIdr: Number(defaults.maxOrderIdr), monthlyBudgetIdr: Number(defaults.monthlyBudgetIdr) }}
            />
          </>
        ) : (
          <>
            <h1>Permintaan izin tidak dapat diproses</h1>
            <EmptyState
              title={request.description}
              hint="Mulai lagi dari aplikasi yang meminta akses. Bila masalahnya tetap, hubungi pembuat aplikasinya."
            />
          </>
        )}
      </main>
    </>
  );
}

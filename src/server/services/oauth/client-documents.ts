import https from "node:https";
import { RequestFilteringHttpsAgent } from "request-filtering-agent";
import type { InputJsonValue } from "@/generated/prisma/internal/prismaNamespace";
import { requireActor, type SystemActor } from "@/server/domain/access/actor";
import { clientMetadataSchema, isAllowedRedirectUri } from "@/server/domain/access/oauth";
import type { ServiceDeps } from "../deps";

/** What the authorization server knows of a client, registered or described by its document. */
export interface OAuthClientInfo {
  id: string;
  name: string;
  redirectUris: string[];
  clientUri: string | null;
}

const MAX_DOCUMENT_BYTES = 64 * 1024;
const FETCH_TIMEOUT_MS = 5_000;
/** A document is read again after this long, so a client's changed redirect URIs take effect. */
const DOCUMENT_MAX_AGE_MS = 60 * 60 * 1000;

/** A client whose id is an https URL (not an IP address), as the MCP authorization spec's metadata documents are. */
export function isClientDocumentUrl(clientId: string): boolean {
  try {
    const url = new URL(clientId);
    return url.protocol === "https:" && url.pathname !== "/" && !url.hash && !url.username && !url.password;
  } catch {
    return false;
  }
}

/**
 * GETs the document through the filtering agent that webhooks use (every resolved address is
 * checked at connection time, so a private or loopback address is never reached), following no
 * redirect, within 5 s and 64 KiB. Null for any failure: the client is then unknown.
 */
function fetchDocument(url: string, settings: NonNullable<ServiceDeps["clientDocuments"]>): Promise<unknown> {
  const agent = new RequestFilteringHttpsAgent({
    allowPrivateIPAddress: settings.allowPrivate,
    ...(settings.ca ? { ca: settings.ca } : {}),
  });
  return new Promise((resolve) => {
    const req = https.get(url, { agent, headers: { Accept: "application/json" }, timeout: FETCH_TIMEOUT_MS }, (res) => {
      if (res.statusCode !== 200 || Number(res.headers["content-length"] ?? 0) > MAX_DOCUMENT_BYTES) {
        res.destroy();
        return resolve(null);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_DOCUMENT_BYTES) {
          res.destroy();
          resolve(null);
        } else chunks.push(chunk);
      });
      res.on("end", () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
        } catch {
          resolve(null);
        }
      });
      res.on("error", () => resolve(null));
    });
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(null));
  });
}

/**
 * The client a metadata document describes: read (or re-read once an hour) and kept as a client
 * row under its URL. The document must name its own URL as `client_id`, keep within OAUTH_CLIENT_LIMITS
 * (the registration's, but for the size of the whole) and list only allowed redirect URIs.
 */
export async function clientOfDocument(
  deps: Pick<ServiceDeps, "db" | "clock" | "clientDocuments">,
  {
    actor,
    clientId,
  }: {
    actor: SystemActor;
    clientId: string;
  },
): Promise<OAuthClientInfo | null> {
  requireActor(actor, "system");
  const { db, clock } = deps;
  const select = { id: true, name: true, redirectUris: true, clientUri: true, fetchedAt: true } as const;
  const known = await db.oAuthClient.findUnique({ where: { id: clientId }, select });
  const now = clock.now();
  if (known?.fetchedAt && now.getTime() - known.fetchedAt.getTime() < DOCUMENT_MAX_AGE_MS) return known;
  const raw = await fetchDocument(clientId, deps.clientDocuments ?? { allowPrivate: false });
  const parsed = clientMetadataSchema.safeParse(raw);
  // The schema keeps the metadata fields; the document's own client_id is read from it as sent.
  if (!parsed.success || (raw as { client_id?: unknown }).client_id !== clientId) return null;
  const document = { ...parsed.data, client_id: clientId };
  if (!document.redirect_uris.every(isAllowedRedirectUri)) return null;
  const fields = {
    name: document.client_name ?? "",
    redirectUris: document.redirect_uris,
    clientUri: document.client_uri ?? null,
    metadata: document as InputJsonValue,
    fetchedAt: now,
  };
  return db.oAuthClient.upsert({ where: { id: clientId }, create: { id: clientId, ...fields }, update: fields, select });
}

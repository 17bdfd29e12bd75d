import type { InputJsonValue } from "@/generated/prisma/internal/prismaNamespace";
import { requireActor, type SystemActor, VISITOR } from "@/server/domain/access/actor";
import { clientMetadataSchema, isAllowedRedirectUri, OAuthError } from "@/server/domain/access/oauth";
import { randomBase62 } from "@/server/domain/ids";
import type { ServiceDeps } from "../deps";
import { clientOfDocument, isClientDocumentUrl, type OAuthClientInfo } from "./client-documents";

const GRANT_TYPES = ["authorization_code", "refresh_token"];

/**
 * RFC 7591 dynamic registration of a public client: its redirect URIs (https, or http to a
 * loopback address) and name, within OAUTH_CLIENT_LIMITS. Kuasa issues no client secrets (PKCE is
 * a public client's proof), so whatever authentication method was asked, the registration answers
 * `none`. A client never authorized is deleted a day later (expiry.ts).
 */
export async function registerClient(
  deps: Pick<ServiceDeps, "db" | "clock">,
  {
    actor,
    body,
  }: {
    actor: SystemActor;
    body: unknown;
  },
) {
  requireActor(actor, "system");
  const parsed = clientMetadataSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.map(String).join(".") || "body";
    // RFC 7591 §3.2.2: a redirect URI's own error code, whatever is wrong with the list.
    const error = issue?.path[0] === "redirect_uris" ? "invalid_redirect_uri" : "invalid_client_metadata";
    throw new OAuthError(error, `${field}: ${issue?.message ?? "invalid"}`);
  }
  const metadata = parsed.data;
  const bad = metadata.redirect_uris.find((uri) => !isAllowedRedirectUri(uri));
  if (bad !== undefined) {
    throw new OAuthError(
      "invalid_redirect_uri",
      `Redirect URIs are https, or http to localhost / 127.0.0.1 / [::1], without a fragment${bad ? `: ${bad}` : ""}.`,
    );
  }
  const unsupported = (metadata.grant_types ?? []).filter((type) => !GRANT_TYPES.includes(type));
  if (unsupported.length > 0) throw new OAuthError("invalid_client_metadata", `Unsupported grant types: ${unsupported.join(", ")}.`);
  if ((metadata.response_types ?? ["code"]).some((type) => type !== "code")) {
    throw new OAuthError("invalid_client_metadata", "The only response type is code.");
  }
  const registered = {
    ...metadata,
    token_endpoint_auth_method: "none",
    grant_types: GRANT_TYPES,
    response_types: ["code"],
  };
  const id = `oc_${randomBase62(22)}`;
  const now = deps.clock.now();
  await deps.db.oAuthClient.create({
    data: {
      id,
      name: metadata.client_name ?? "",
      redirectUris: metadata.redirect_uris,
      clientUri: metadata.client_uri ?? null,
      metadata: registered as InputJsonValue,
      createdAt: now,
    },
  });
  return { ...registered, client_id: id, client_id_issued_at: Math.floor(now.getTime() / 1000) };
}

/** A registered client, or one known by its metadata document (its id is the document's URL); null when neither. */
export async function findClient(
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
  if (isClientDocumentUrl(clientId))
    return clientOfDocument(deps, {
      actor: VISITOR,
      clientId,
    });
  const client = await deps.db.oAuthClient.findUnique({
    where: { id: clientId },
    select: { id: true, name: true, redirectUris: true, clientUri: true },
  });
  return client;
}

import { z } from "zod";
import { AGENT_RESOURCES } from "@/server/domain/access/oauth";
import { SCOPES } from "@/server/domain/access/scopes";
import { createKeyInput } from "../portal/organization-portal";

/** The consent page's inputs and outputs (api/portal/oauth-consent.ts). */

const param = z.string().max(2000).optional();

/** The authorization request's query, as the client sent it to the consent page. */
const authorizationParamsSchema = z.object({
  client_id: param,
  redirect_uri: param,
  response_type: param,
  code_challenge: param,
  code_challenge_method: param,
  state: param,
  scope: param,
  resource: param,
});

export const authorizationRequestInput = z.object({ params: authorizationParamsSchema });

export const authorizationRequestOutput = z.discriminatedUnion("ok", [
  z.object({
    ok: z.literal(true),
    client: z.object({ id: z.string(), name: z.string(), clientUri: z.string().nullable() }),
    redirectHost: z.string(),
    resource: z.enum(AGENT_RESOURCES),
    scopes: z.array(z.enum(SCOPES)),
  }),
  // A request the page refuses: the description, and where to send the browser with the error (null: nowhere).
  z.object({ ok: z.literal(false), error: z.string(), description: z.string(), redirectTo: z.string().nullable() }),
]);

export const approveAuthorizationInput = createKeyInput.extend({ params: authorizationParamsSchema });

export const redirectOutput = z.object({ redirectTo: z.string() });

import "server-only";
import { toApiError } from "@/server/api/api-error";
import { visitorCaller } from "@/server/runtime/portal";

/** What the invitation page shows about a token, or null for a token we do not know. */
export async function showInvitation(token: string) {
  try {
    return await visitorCaller().invitation.show({ token });
  } catch (err) {
    if (toApiError(err).code === "NOT_FOUND") return null;
    throw err;
  }
}

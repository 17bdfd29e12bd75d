import "server-only";
import { toApiError } from "@/server/api/api-error";
import { visitorCaller } from "@/server/runtime/portal";

/** What the reset page shows about a token, or null for a token we do not know. */
export async function showPasswordReset(token: string) {
  try {
    return await visitorCaller().passwordReset.show({ token });
  } catch (err) {
    if (toApiError(err).code === "NOT_FOUND") return null;
    throw err;
  }
}

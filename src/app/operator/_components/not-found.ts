import { toApiError } from "@/server/api/api-error";

/** A console page asked for an id that does not exist: Next's not-found page answers it, not an error. */
export const isNotFound = (err: unknown) => toApiError(err).code === "NOT_FOUND";

import { TRPCClientError } from "@trpc/client";

/** A refusal of one field: the input's name the server gave as `param`, and what to do about it. */
export interface FieldError {
  param: string;
  message: string;
}

/**
 * The field a failed portal call blames, for a form to show its message under that field: a
 * VALIDATION error naming `param`, its message without the "param: " the API writes before it
 * (and with a capital, as a sentence of its own).
 * Null for any other failure (the form shows those as a whole).
 */
export function fieldErrorOf(error: unknown): FieldError | null {
  if (!(error instanceof TRPCClientError)) return null;
  const apiError = (error.data as { apiError?: { code: string; message: string; param?: string } } | undefined)?.apiError;
  if (apiError?.code !== "VALIDATION" || !apiError.param) return null;
  const prefix = `${apiError.param}: `;
  const message = apiError.message.startsWith(prefix) ? apiError.message.slice(prefix.length) : apiError.message;
  // Under its field the message starts a sentence of its own.
  return { param: apiError.param, message: message.charAt(0).toUpperCase() + message.slice(1) };
}

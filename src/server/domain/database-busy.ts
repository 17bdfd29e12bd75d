/**
 * A transaction that could not start in time, or that ran past its limit and was rolled back:
 * the database is busy and nothing of the request was written, so the caller is told to retry
 * (SERVICE_UNAVAILABLE) rather than shown a bug (INTERNAL).
 */
export function isDatabaseBusy(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if ((error as { code?: unknown }).code === "P2028") {
    return /Unable to start a transaction in the given time|cannot be executed on an expired transaction/.test(error.message);
  }
  // node-postgres, when no pooled connection frees up within connectionTimeoutMillis.
  return /timeout exceeded when trying to connect/i.test(error.message);
}

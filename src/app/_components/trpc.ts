"use client";
import { createTRPCClient, httpBatchLink, TRPCClientError } from "@trpc/client";
import type { PortalRouter } from "@/server/api/portal";

/** The browser's client of the portal procedures at /api/trpc (session cookie auth). */
export const trpc = createTRPCClient<PortalRouter>({ links: [httpBatchLink({ url: "/api/trpc" })] });

/** A message a person can act on, from any failed call. */
export function errorMessage(error: unknown): string {
  if (error instanceof TRPCClientError) {
    const apiError = (error.data as { apiError?: { message: string } } | undefined)?.apiError;
    return apiError?.message ?? error.message;
  }
  return "Terjadi kesalahan. Periksa koneksi Anda lalu coba lagi.";
}

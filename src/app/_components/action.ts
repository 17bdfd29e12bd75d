"use client";
import { TRPCClientError } from "@trpc/client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { errorMessage } from "@/app/_components/trpc";
import type { ErrorCode } from "@/server/domain/errors";
import { useToast } from "./toast";

export type ErrorMessages = Partial<Record<ErrorCode, string>>;

// The services explain refusals in English for API clients; admins and operators read, in
// Indonesian, what to do next. VALIDATION and CONFLICT keep the server's own words by default.
const DEFAULTS: ErrorMessages = {
  UNAUTHENTICATED: "Sesi Anda berakhir. Muat ulang halaman lalu masuk lagi.",
  FORBIDDEN: "Akun Anda tidak berwenang untuk langkah ini. Keluar lalu masuk dengan akun yang tepat.",
  NOT_FOUND: "Data ini tidak ditemukan; mungkin sudah berubah. Muat ulang halaman lalu coba lagi.",
  INVALID_STATE: "Statusnya sudah berubah sehingga langkah ini tidak bisa dilakukan. Halaman dimuat ulang; periksa keadaan terbarunya.",
  INSUFFICIENT_DEPOSIT: "Deposit tidak cukup. Minta tim operator Kuasa menambah deposit, lalu coba lagi.",
  RATE_LIMITED: "Terlalu banyak permintaan. Tunggu sebentar lalu coba lagi.",
  SERVICE_UNAVAILABLE: "Server sedang sibuk dan belum mengubah apa pun. Tunggu sebentar lalu coba lagi.",
  INTERNAL: "Terjadi gangguan di server. Coba lagi sebentar lagi; jika masih gagal, hubungi tim Kuasa.",
};

/** An Indonesian message that says what to do, for a failed portal call; `messages` override per code. */
export function actionError(error: unknown, messages: ErrorMessages = {}): string {
  const code =
    error instanceof TRPCClientError ? (error.data as { apiError?: { code: ErrorCode } } | undefined)?.apiError?.code : undefined;
  return (code && (messages[code] ?? DEFAULTS[code])) || errorMessage(error);
}

/**
 * Runs one portal mutation at a time: busy while it runs, the error in Indonesian when it fails,
 * and the page's server components re-rendered afterwards either way (the data may have moved).
 * `options.success` (or `run`'s own) is shown as a toast when the mutation succeeds.
 */
export function useAction(messages?: ErrorMessages, options: { success?: string } = {}) {
  const router = useRouter();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run<T>(
    mutation: () => Promise<T>,
    runOptions: { success?: string } = {},
  ): Promise<{ ok: true; value: T } | { ok: false }> {
    setBusy(true);
    setError(null);
    try {
      const value = await mutation();
      const success = runOptions.success ?? options.success;
      if (success) toast(success);
      return { ok: true, value };
    } catch (err) {
      setError(actionError(err, messages));
      return { ok: false };
    } finally {
      setBusy(false);
      router.refresh();
    }
  }

  return { busy, error, setError, run };
}

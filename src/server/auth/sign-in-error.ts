import { SIGN_IN_BACKOFF } from "@/server/domain/access/sign-in-backoff";

/**
 * The error word next-auth carries from authorize() to the sign-in form (its only channel is the
 * thrown message), and the Indonesian sentence the form shows for it. Pure: the form imports it.
 */
export function signInErrorCode(
  result: { reason: "invalid" } | { reason: "rate_limited"; retryAfterSeconds: number; deviceLink?: true },
): string {
  if (result.reason === "invalid") return "invalid";
  return `rate_limited:${result.retryAfterSeconds}${result.deviceLink ? ":tautan" : ""}`;
}

export function signInErrorMessage(code: string): string {
  if (code === "invalid") return "E-mail atau kata sandi salah. Periksa kembali lalu coba lagi.";
  const wait = /^rate_limited:(\d+)(:tautan)?$/.exec(code);
  if (wait?.[2])
    return (
      "Akun ini sedang menerima banyak percobaan masuk yang gagal dari tempat lain, jadi masuk dari perangkat baru diperlambat. " +
      `Kami mengirim tautan masuk ke e-mail akun ini (paling banyak satu tiap ${SIGN_IN_BACKOFF.deviceLinkEmailSeconds / 60} menit; cari yang terbaru): buka tautan itu di perangkat ini, ` +
      `lalu masuk seperti biasa. Atau tunggu ${waitInWords(Number(wait[1]))} lalu coba lagi.`
    );
  if (wait) return `Terlalu banyak percobaan masuk yang gagal. Tunggu ${waitInWords(Number(wait[1]))} lalu coba lagi.`;
  return "Tidak bisa masuk saat ini. Coba lagi sebentar lagi.";
}

/** 45 → "45 detik", 90 → "2 menit" (rounded up, so trying then is never too early). */
function waitInWords(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, seconds)} detik`;
  return `${Math.ceil(seconds / 60)} menit`;
}

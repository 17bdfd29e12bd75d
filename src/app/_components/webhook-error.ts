/**
 * A webhook attempt's failure (services/events/webhooks-transport.ts writes it in English for the API)
 * in Indonesian for the portals, with what the receiver's owner should check. An unknown phrase
 * is shown as it is, after a general explanation, rather than hidden.
 */
const PHRASES: Array<[RegExp, (match: RegExpExecArray) => string]> = [
  [
    /^receiver not reachable/,
    () =>
      "Penerima tidak dapat dihubungi: alamatnya bukan alamat publik, nama hostnya tidak ditemukan, atau koneksinya ditolak. Periksa URL webhook dan pastikan server penerima menyala di alamat publik.",
  ],
  [/^connection reset by the receiver$/, () => "Koneksi diputus penerima sebelum menjawab: periksa log server penerima."],
  [
    /^no answer within (\d+) ms$/,
    (m) => `Penerima tidak menjawab dalam ${Number(m[1]) / 1000} detik: jawab webhook dengan cepat (misalnya 200 dahulu, proses kemudian).`,
  ],
  [/^invalid HTTP answer \((.+)\)$/, (m) => `Jawaban penerima bukan HTTP yang sah (${m[1]}).`],
  [/^TLS error \((.+)\)$/, (m) => `Gagal membangun koneksi HTTPS (${m[1]}): periksa sertifikat TLS penerima.`],
  [/^invalid URL$/, () => "URL webhook tidak sah: perbaiki URL-nya."],
  [/^unsupported scheme (.+)$/, (m) => `Skema ${m[1]} tidak didukung: gunakan URL https:// (atau http://).`],
  [/^network error \((.+)\)$/, (m) => `Gangguan jaringan (${m[1]}).`],
  [/^network error$/, () => "Gangguan jaringan."],
];

export function webhookErrorLabel(error: string): string {
  for (const [pattern, label] of PHRASES) {
    const match = pattern.exec(error);
    if (match) return label(match);
  }
  return `Pengiriman gagal: ${error}`;
}

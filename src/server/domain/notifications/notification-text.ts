/**
 * The e-mails a practitioner receives (services/notifications/notifications.ts queues them), an
 * organisation's admins' notice of a deposit top-up, and the system's messages on an order, in Indonesian.
 * No client data goes into an e-mail: it only says what happened and links to the portal, where
 * the practitioner reads the order after signing in.
 */

const rupiah = new Intl.NumberFormat("id-ID", { style: "currency", currency: "IDR", maximumFractionDigits: 0 });
const dateTime = new Intl.DateTimeFormat("id-ID", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Jakarta" });
const time = new Intl.DateTimeFormat("id-ID", { timeStyle: "short", timeZone: "Asia/Jakarta" });

const formatIdr = (amount: bigint | number) => rupiah.format(Number(amount));
const formatWib = (at: Date) => `${dateTime.format(at)} WIB`;

export interface EmailText {
  subject: string;
  text: string;
}

const footer = (publicUrl: string) =>
  `\n--\nAnda menerima e-mail ini karena notifikasi e-mail aktif di profil Kuasa Anda. Matikan di ${publicUrl}/praktisi/profil.\n`;

export function newOfferEmail(input: {
  practitionerName: string;
  serviceName: string;
  earningIdr: bigint;
  expiresAt: Date;
  publicUrl: string;
}): EmailText {
  const { publicUrl } = input;
  return {
    subject: `Tawaran baru: ${input.serviceName}, jawab sebelum ${time.format(input.expiresAt)} WIB`,
    text: [
      `Halo ${input.practitionerName},`,
      "",
      "Ada tawaran pesanan baru untuk Anda di Kuasa.",
      "",
      `Layanan: ${input.serviceName}`,
      `Pendapatan Anda: ${formatIdr(input.earningIdr)}`,
      `Berlaku sampai: ${formatWib(input.expiresAt)} (30 menit, hanya untuk Anda)`,
      "",
      `Ambil atau tolak tawaran di ${publicUrl}/praktisi`,
      "Tawaran yang tidak dijawab sampai batas waktu dialihkan ke praktisi lain. Data klien terlihat setelah Anda mengambil pesanan.",
      footer(publicUrl),
    ].join("\n"),
  };
}

/** What the client (or the operator, for a revision) did on an order the practitioner holds. */
export type OrderNoticeKind = "message" | "operator_message" | "revision" | "dispute";

const ORDER_NOTICE: Record<OrderNoticeKind, { subject: string; lead: string }> = {
  message: { subject: "Pesan baru dari klien", lead: "Klien mengirim pesan pada pesanan Anda." },
  operator_message: { subject: "Pesan dari tim operator Kuasa", lead: "Tim operator Kuasa menulis pada pesanan Anda." },
  revision: { subject: "Permintaan revisi", lead: "Hasil pekerjaan Anda dikembalikan untuk direvisi, beserta alasannya." },
  dispute: { subject: "Sengketa dibuka", lead: "Klien membuka sengketa atas pesanan Anda; operator Kuasa akan meninjaunya." },
};

export function orderNoticeEmail(input: {
  kind: OrderNoticeKind;
  practitionerName: string;
  serviceName: string;
  orderId: string;
  publicUrl: string;
}): EmailText {
  const notice = ORDER_NOTICE[input.kind];
  return {
    subject: `${notice.subject}: ${input.serviceName} (${input.orderId})`,
    text: [
      `Halo ${input.practitionerName},`,
      "",
      notice.lead,
      "",
      `Layanan: ${input.serviceName}`,
      `Pesanan: ${input.orderId}`,
      "",
      `Baca selengkapnya dan tanggapi di ${input.publicUrl}/praktisi/pesanan/${input.orderId}`,
      footer(input.publicUrl),
    ].join("\n"),
  };
}

/** The figures of a dispute settled with a split, as both sides read them on the order. */
export function disputeSplitMessage(split: { practitionerIdr: bigint; platformIdr: bigint; refundIdr: bigint }): string {
  const fee = split.platformIdr > 0n ? `, ${formatIdr(split.platformIdr)} biaya platform atas bagian praktisi` : "";
  return `Sengketa diputus dengan pembagian: ${formatIdr(split.practitionerIdr)} untuk praktisi, ${formatIdr(split.refundIdr)} dikembalikan ke deposit klien${fee}.`;
}

/** What a practitioner is told when the client side or the operator decides a cost they asked for. */
export function costDecisionEmail(input: {
  status: "disetujui" | "ditolak" | "dibatalkan";
  practitionerName: string;
  description: string;
  amountIdr: bigint;
  reason: string | null;
  orderId: string;
  publicUrl: string;
}): EmailText {
  const { publicUrl } = input;
  const lead = {
    disetujui:
      "Biaya resmi yang Anda ajukan disetujui dan dananya sudah ditahan di escrow. Bayarkan ke instansinya, lalu unggah kuitansi resminya agar dana diganti ke saldo Anda.",
    ditolak: "Biaya resmi yang Anda ajukan ditolak klien.",
    dibatalkan: "Biaya resmi yang Anda ajukan dibatalkan.",
  }[input.status];
  return {
    subject: `Biaya resmi ${input.status}: ${input.description} (${input.orderId})`,
    text: [
      `Halo ${input.practitionerName},`,
      "",
      lead,
      "",
      `Biaya: ${input.description}, ${formatIdr(input.amountIdr)}`,
      ...(input.reason ? [`Alasan: ${input.reason}`] : []),
      `Pesanan: ${input.orderId}`,
      "",
      `Lihat pesanannya di ${publicUrl}/praktisi/pesanan/${input.orderId}`,
      footer(publicUrl),
    ].join("\n"),
  };
}

/** A practitioner's credential ends in `daysLeft` days: renew it, or new offers that need it stop on its last day. */
export function credentialReminderEmail(input: {
  practitionerName: string;
  credential: string;
  number: string;
  validUntil: string;
  daysLeft: number;
  publicUrl: string;
}): EmailText {
  const { publicUrl } = input;
  const [year, month, day] = input.validUntil.split("-");
  return {
    subject: `Kredensial ${input.credential} berakhir dalam ${input.daysLeft} hari`,
    text: [
      `Halo ${input.practitionerName},`,
      "",
      `Kredensial ${input.credential} nomor ${input.number} berlaku sampai ${day}-${month}-${year}, ${input.daysLeft} hari lagi.`,
      "Ajukan kredensial yang diperpanjang beserta dokumennya agar operator dapat memverifikasinya sebelum tanggal itu.",
      "Pada tanggal berakhirnya, Anda tidak lagi ditawari pesanan layanan yang membutuhkan kredensial ini; pesanan yang sudah Anda ambil tetap Anda kerjakan.",
      "",
      `Ajukan di ${publicUrl}/praktisi/profil`,
      "",
      "--",
      "E-mail ini menyangkut kredensial akun Kuasa Anda, sehingga dikirim walaupun notifikasi e-mail dimatikan.",
      "",
    ].join("\n"),
  };
}

/** An organisation's admin hears that money arrived in its deposit: how much, from which transfer, and the deposit now. */
export function depositToppedUpEmail(input: {
  adminName: string;
  organizationName: string;
  amountIdr: bigint;
  balanceIdr: bigint;
  reference: string;
  at: Date;
  publicUrl: string;
}): EmailText {
  return {
    subject: `Deposit ${input.organizationName} bertambah ${formatIdr(input.amountIdr)}`,
    text: [
      `Halo ${input.adminName},`,
      "",
      `Setoran untuk ${input.organizationName} sudah masuk ke deposit Kuasa dan dapat dipakai untuk pesanan.`,
      "",
      `Jumlah: ${formatIdr(input.amountIdr)}`,
      `Saldo deposit sekarang: ${formatIdr(input.balanceIdr)}`,
      `Referensi: ${input.reference}`,
      `Dicatat: ${formatWib(input.at)}`,
      "",
      `Lihat mutasi deposit di ${input.publicUrl}/organisasi`,
      "",
      "--",
      `Anda menerima e-mail ini sebagai admin ${input.organizationName} di Kuasa: setiap setoran ke deposit diberitahukan kepada semua admin.`,
      "",
    ].join("\n"),
  };
}

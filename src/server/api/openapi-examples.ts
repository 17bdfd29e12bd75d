import { DEFAULT_TAX_RULE, workBreakdown } from "@/server/domain/books/tax";
import { checkContent } from "@/server/domain/content-rules";
import type { ErrorCode } from "@/server/domain/errors";
import { type OrderEventPayload, orderEventPayload, webhookData } from "@/server/domain/events/webhook-event";
import { agentPrice, caseBidPrice } from "@/server/domain/money/pricing";
import { slaDueAt } from "@/server/domain/orders/sla";
import { CATALOG_SEED } from "@/server/services/catalog";
import { catalogForContent } from "@/server/services/content-checks";
import { MAX_BODY_BYTES } from "./json-body";
import { errorDocUrl } from "./openapi-guide";

/**
 * The examples of the OpenAPI document: one made-up agent (PT Nusantara Data Teknologi) ordering the
 * seed catalog's NDA and posting an employment case. Built from the catalog seed and the pricing,
 * SLA and webhook functions, so prices, intake keys, due times and event bodies are what the
 * server would answer; openapi.test.ts parses each against its zod schema.
 */

const NDA = CATALOG_SEED.find((entry) => entry.code === "perjanjian_kerahasiaan");
if (!NDA) throw new Error("the catalog seed lacks perjanjian_kerahasiaan, the documents' example service");

/** The NDA's one official fee (bea meterai): what the sandbox's example cost asks for. */
const NDA_FEE = NDA.thirdPartyFees[0];
if (!NDA_FEE) throw new Error("the catalog seed's perjanjian_kerahasiaan lists no third-party fee for the documents' example cost");

const ORDER_ID = "ord_4kQ3pW0nY8bJ2cV6xL1mZt";
const FILE_ID = "file_9Qm2Xc7LpR4tV8nB3kW6yZ";
const CASE_ID = "kas_2Rt8Vn5KqW1xZc7Lm4Pb9Y";
const BID_ID = "bid_6Hd3Jk9Ns2Qw8Xe5Rt1Yu4";
const INVOICE_ID = "inv_8Wq1Ez4Rt7Yu2Io5Pa3Sd6";
const EVENT_ID = "evt_7Hc2LmQ9xT4vB1nR8kZs5w";
const LINK_ID = "link_3Fg6Hj9Kl2Zx5Cv8Bn1Mq4";
const RECEIPT_ID = "doc_5Yt2Wq8Er4Ui7Op1As3Df6G";
/** The server the examples' URLs are on. */
const EXAMPLE_SERVER = "https://kuasa.example";

/** Paid on a Monday morning in Jakarta (09:00 WIB). */
const CREATED_AT = "2026-11-23T02:00:00.000Z";
const NDA_PRICE = agentPrice(NDA.clientPriceIdr);
const BID = caseBidPrice(6_500_000);

export const CREATE_ORDER_EXAMPLE = {
  service: NDA.code,
  intake: {
    sifat_nda: "Timbal balik (mutual)",
    para_pihak:
      "PT Nusantara Data Teknologi, Jl. Jend. Sudirman Kav. 52-53, Jakarta Selatan 12190; PT Sinar Logistik Abadi, Jl. Raya Darmo No. 88, Surabaya 60264",
    tujuan_pengungkapan:
      "Penjajakan kerja sama integrasi sistem pergudangan: pertukaran data pelanggan, volume pengiriman dan struktur harga.",
    bahasa_perjanjian: "Dwibahasa (Indonesia-Inggris)",
    email_kontak: "legal@nusantaradata.co.id",
  },
  max_budget: 2_000_000,
  callback_url: "https://agent.nusantaradata.co.id/hooks/kuasa",
  metadata: { ticket: "LEGAL-1042" },
  attachments: [FILE_ID],
};

export const FILE_EXAMPLE = {
  id: FILE_ID,
  filename: "term-sheet-sinar-logistik.pdf",
  size: 182_734,
  content_type: "application/pdf",
  sha256: "9f2c4b1e7a3d5f60c8b2e4a19d7f3c5e1b8a6d4f2c0e9b7a5d3f1c8e6a4b2d09",
  created_at: "2026-11-23T01:55:12.000Z",
  livemode: true,
};

/** The NDA order's payment as its receipt breaks it down: the practitioner's fee, Kuasa's fee with the VAT inside it. */
const NDA_PAYMENT = workBreakdown(BigInt(NDA_PRICE), BigInt(NDA.clientPriceIdr), DEFAULT_TAX_RULE);
/** Issued by the books job seconds after the payment. */
const RECEIPT_ISSUED_AT = "2026-11-23T02:00:04.000Z";

const ORDER_RECEIPT_EXAMPLE = {
  id: RECEIPT_ID,
  number: "KWT/2026/000123",
  kind: "kuitansi",
  amount_idr: NDA_PRICE,
  issued_at: RECEIPT_ISSUED_AT,
  pdf_url: `${EXAMPLE_SERVER}/v1/receipts/${RECEIPT_ID}/pdf`,
};

export const RECEIPT_EXAMPLE = {
  ...ORDER_RECEIPT_EXAMPLE,
  description: `${NDA.name} (pesanan ${ORDER_ID})`,
  practitioner_fee_idr: Number(NDA_PAYMENT.practitionerFeeIdr),
  platform_fee_idr: Number(NDA_PAYMENT.platformFeeIdr),
  vat_base_idr: Number(NDA_PAYMENT.vatBaseIdr),
  vat_idr: Number(NDA_PAYMENT.vatIdr),
  pass_through_idr: 0,
  order: ORDER_ID,
  corrects: null,
  livemode: true,
  paid_at: CREATED_AT,
  issued_at: RECEIPT_ISSUED_AT,
};

const STATEMENT_OPENING = 38_500_000;
const TOP_UP = 10_000_000;

export const STATEMENT_EXAMPLE = {
  month: "2026-11",
  month_so_far: true,
  livemode: true,
  opening_balance_idr: STATEMENT_OPENING,
  closing_balance_idr: STATEMENT_OPENING + TOP_UP - NDA_PRICE,
  total_in_idr: TOP_UP,
  total_out_idr: NDA_PRICE,
  lines: [
    {
      at: "2026-11-20T03:12:00.000Z",
      kind: "deposit_topup",
      label: "Setoran deposit",
      reference: "BCA 2011-0042",
      document_number: "BST/2026/000041",
      amount_idr: TOP_UP,
      balance_idr: STATEMENT_OPENING + TOP_UP,
    },
    {
      at: CREATED_AT,
      kind: "order_payment",
      label: "Pembayaran pesanan",
      reference: ORDER_ID,
      document_number: ORDER_RECEIPT_EXAMPLE.number,
      amount_idr: -NDA_PRICE,
      balance_idr: STATEMENT_OPENING + TOP_UP - NDA_PRICE,
    },
  ],
};

export const ORDER_EXAMPLE = {
  id: ORDER_ID,
  service: NDA.code,
  status: "dibayar",
  price_idr: NDA_PRICE,
  max_budget: CREATE_ORDER_EXAMPLE.max_budget,
  intake: CREATE_ORDER_EXAMPLE.intake,
  callback_url: CREATE_ORDER_EXAMPLE.callback_url,
  sla_due_at: slaDueAt(new Date(CREATED_AT), NDA.slaDays).toISOString(),
  sla_breached_at: null,
  deliverable: null,
  deliverable_files: [],
  attachments: [FILE_EXAMPLE],
  auto_accept_at: null,
  revision_count: 0,
  offering: null,
  case_id: null,
  conflict_check: null,
  metadata: CREATE_ORDER_EXAMPLE.metadata,
  approval_required: false,
  livemode: true,
  messages: [],
  // Paid and not yet taken: nobody does the work yet, so nothing to review either.
  practitioner: null,
  review: null,
  costs: [],
  receipts: [ORDER_RECEIPT_EXAMPLE],
  created_at: CREATED_AT,
  updated_at: CREATED_AT,
};

const MESSAGE_EXAMPLE = {
  body: "Jangka waktu kerahasiaan 3 tahun sejak penandatanganan; sengketa diselesaikan melalui BANI di Jakarta.",
};

export const SERVICE_EXAMPLE = {
  code: NDA.code,
  name: NDA.name,
  category: NDA.category,
  description: NDA.description,
  price_idr: NDA_PRICE,
  sla: { days: NDA.slaDays, label: NDA.slaLabel },
  intake: NDA.intake,
  requires: NDA.requires,
  third_party: NDA.thirdParty,
  third_party_fees: NDA.thirdPartyFees.map((fee) => ({
    code: fee.code,
    kind: fee.kind,
    description: fee.description,
    amount_idr: fee.amountIdr,
    per: fee.per,
    basis: fee.basis,
    checked_on: fee.checkedOn ?? null,
    applies_when: fee.appliesWhen ?? null,
  })),
  stats: {
    orders_completed_90d: 42,
    median_hours_to_delivery: 31.5,
    on_time_rate: 0.93,
    acceptance_rate: 0.81,
    dispute_rate: 0.02,
    rating_average: 4.71,
    rating_count: 28,
  },
  livemode: true,
};

export const BALANCE_EXAMPLE = {
  livemode: true,
  deposit_idr: 48_300_000,
  key: {
    max_order_budget: 5_000_000,
    monthly_budget: 50_000_000,
    spent_this_month: NDA_PRICE,
    scopes: ["katalog:baca", "order:buat", "status:baca", "kasus:buat"],
  },
};

export const CREATE_CASE_EXAMPLE = {
  contact_name: "Dewi Lestari",
  contact_email: "dewi.lestari@nusantaradata.co.id",
  contact_phone: "+62 812-3456-7890",
  story:
    "Saya karyawan tetap (PKWTT) sejak 2019 di perusahaan distribusi di Bekasi. Bulan lalu saya di-PHK lisan tanpa surat dan pesangon belum dibayar. Saya perlu pendampingan bipartit dan, bila gagal, mediasi di Disnaker.",
  area: "ketenagakerjaan",
  urgency: "dalam 2 minggu",
  budget_range: "Rp 5-10 juta",
  counterparties: ["PT Sinar Properti Abadi"],
  metadata: { user_id: "usr-8841" },
};

const BID_EXAMPLE = {
  id: BID_ID,
  scope:
    "Analisis hak pesangon, penyusunan surat perundingan bipartit, pendampingan satu kali perundingan dan mediasi di Disnaker Kabupaten Bekasi.",
  eta_days: 14,
  note: "Mohon siapkan kontrak kerja, slip gaji 3 bulan terakhir dan bukti komunikasi PHK.",
  status: "diajukan",
  price_idr: BID.bidIdr,
  client_pays: BID.clientPaysIdr,
  practitioner: null,
  livemode: true,
  created_at: "2026-11-23T06:12:40.000Z",
};

export const CASE_EXAMPLE = {
  id: CASE_ID,
  status: "terbuka",
  area: CREATE_CASE_EXAMPLE.area,
  urgency: CREATE_CASE_EXAMPLE.urgency,
  budget_range: CREATE_CASE_EXAMPLE.budget_range,
  counterparties: CREATE_CASE_EXAMPLE.counterparties,
  selected_bid_id: null,
  invoice_id: null,
  order_id: null,
  metadata: CREATE_CASE_EXAMPLE.metadata,
  livemode: true,
  bids: [BID_EXAMPLE],
  created_at: "2026-11-23T03:30:00.000Z",
};

export const INVOICE_EXAMPLE = {
  id: INVOICE_ID,
  total_idr: BID.clientPaysIdr,
  status: "belum_dibayar",
  order_id: null,
  case_id: CASE_ID,
  livemode: true,
  paid_at: null,
  created_at: "2026-11-23T07:00:05.000Z",
  pdf_url: `${EXAMPLE_SERVER}/v1/invoices/${INVOICE_ID}/pdf`,
};

export const SELECTION_EXAMPLE = {
  case: {
    ...CASE_EXAMPLE,
    status: "dipilih",
    selected_bid_id: BID_ID,
    invoice_id: INVOICE_ID,
    bids: [{ ...BID_EXAMPLE, status: "dipilih" }],
  },
  invoice: INVOICE_EXAMPLE,
};

const DELIVERED_AT = new Date("2026-11-24T08:30:00.000Z");

/** An order event as the events API and the webhook carry it, made by the sender's own function. */
export const ORDER_EVENT_DATA_EXAMPLE = webhookData(
  orderEventPayload({
    id: ORDER_ID,
    status: "diserahkan",
    serviceCode: NDA.code,
    priceIdr: BigInt(NDA_PRICE),
    slaDueAt: slaDueAt(new Date(CREATED_AT), NDA.slaDays),
    deliverable: "Draf NDA dwibahasa terlampir (DOCX dan PDF); jangka waktu 3 tahun, forum BANI Jakarta.",
    updatedAt: DELIVERED_AT,
  }),
) as OrderEventPayload; // webhookData keeps the payload's kind: an order event stays one

export const EVENT_EXAMPLE = {
  id: EVENT_ID,
  type: ORDER_EVENT_DATA_EXAMPLE.event,
  created_at: DELIVERED_AT.toISOString(),
  livemode: true,
  data: ORDER_EVENT_DATA_EXAMPLE,
};

export const EXAMPLE_IDS = {
  order: ORDER_ID,
  file: FILE_ID,
  case: CASE_ID,
  bid: BID_ID,
  invoice: INVOICE_ID,
  event: EVENT_ID,
  receipt: RECEIPT_ID,
};

const CREATE_FILE_LINK_EXAMPLE = { file: FILE_ID, expires_in: 3600 };

export const FILE_LINK_EXAMPLE = {
  id: LINK_ID,
  file: FILE_ID,
  url: `${EXAMPLE_SERVER}/unduh/Vb2kQ9xR4mT7nW1pL6sZ3cY8hJ5dF0gA2eK7uN4qX9o`,
  expires_at: "2026-11-23T03:00:00.000Z",
  created_at: "2026-11-23T02:00:00.000Z",
  livemode: true,
};

/** A message each code's answers can carry, as the server words it. */
const REQUEST_ID = "req_7fK2mQ9xB4nT1vL8cR3wZp";

/** An example error body of each code (a VALIDATION one names its field), with the example server's doc_url. */
export function errorExample(code: ErrorCode) {
  return {
    error: {
      code,
      message: ERROR_MESSAGE_EXAMPLES[code],
      ...(code === "VALIDATION" && { param: "intake.sifat_nda" }),
      request_id: REQUEST_ID,
      doc_url: errorDocUrl(EXAMPLE_SERVER, code),
    },
  };
}

const ERROR_MESSAGE_EXAMPLES: Record<ErrorCode, string> = {
  VALIDATION: "intake.sifat_nda: is required (Sifat perjanjian)",
  UNAUTHENTICATED: "The API key is not valid.",
  BUDGET_EXCEEDED: `The price Rp ${NDA_PRICE} is above max_budget Rp 1500000.`,
  INSUFFICIENT_DEPOSIT: `The deposit does not cover the price Rp ${NDA_PRICE}; ask the operator to top it up.`,
  INSUFFICIENT_SCOPE: "This API key lacks the scope order:buat, which this operation needs.",
  TEST_MODE_ONLY: "Test helpers accept only test keys (kk_test_…); live orders are worked by real practitioners.",
  ORGANIZATION_NOT_ACTIVE: "The organisation of this key is not approved or is suspended; contact the operator.",
  FORBIDDEN: "You may not do this.",
  NOT_FOUND: `No order ${ORDER_ID}.`,
  METHOD_NOT_ALLOWED: "DELETE is not allowed on /v1/orders; use GET or POST.",
  INVALID_STATE: "The order is dikerjakan; accept is possible only when it is diserahkan.",
  CONFLICT: "Another request with this Idempotency-Key was being handled at the same time; retry it.",
  REVISION_LIMIT: "This order has had 2 revisions, the most allowed; accept the result or open a dispute.",
  PAYLOAD_TOO_LARGE: `The request body is larger than ${MAX_BODY_BYTES} bytes.`,
  UNSUPPORTED_MEDIA_TYPE: "Send the request body as JSON with `Content-Type: application/json`.",
  IDEMPOTENCY_KEY_REUSED:
    "This Idempotency-Key was used in the last 24 hours for a different request (another operation, order or body). Use a new key for a new request.",
  RATE_LIMITED: "Too many requests for this API key; retry after 12 s.",
  SERVICE_UNAVAILABLE: "The service is busy and nothing was changed; retry after 1 s with the same Idempotency-Key.",
  INTERNAL: "Internal error. If it persists, contact support with the X-Request-Id of the response.",
};

/** The catalog as the content check reads it, from the seed: the examples' findings are the checker's own. */
const SEED_CONTENT_CATALOG = catalogForContent(
  CATALOG_SEED.map((entry) => ({ ...entry, agentPriceIdr: agentPrice(entry.clientPriceIdr) })),
);

const contentCheckExample = (text: string) => ({
  request: { text, language: "id" as const },
  answer: checkContent(text, { language: "id", catalog: SEED_CONTENT_CATALOG }),
});

/** POST /v1/content_checks: a draft that keeps the rules, and one that breaks three of them. */
export const CONTENT_CHECK_EXAMPLES = {
  compliant: contentCheckExample(
    `${NDA.name} dikerjakan praktisi berlisensi seharga Rp ${NDA_PRICE.toLocaleString("id-ID")}, biaya resmi pihak ketiga ditagih ` +
      "terpisah sesuai tarif resmi. Kami tidak dapat menjamin hasilnya, dan jawaban ini bukan nasihat hukum.",
  ),
  findings: contentCheckExample(
    "Tenang, dengan advokat kami perkara Anda pasti menang. Semua praktisi Kuasa sudah diverifikasi PERADI. " +
      "Jasa pendirian PT juga bisa, cukup Rp 1.500.000.",
  ),
};

/** Example request bodies by operation (METHOD path); the rest take none or an obvious one. */
export const REQUEST_EXAMPLES: Record<string, unknown> = {
  "POST /v1/orders": CREATE_ORDER_EXAMPLE,
  "POST /v1/orders/{id}/messages": MESSAGE_EXAMPLE,
  "POST /v1/orders/{id}/cancel": { reason: "Kerja sama dengan PT Sinar Logistik Abadi batal; NDA tidak lagi diperlukan." },
  "POST /v1/orders/{id}/revision": {
    reason: "Mohon tambahkan klausul pengecualian untuk informasi yang wajib diungkapkan berdasarkan perintah pengadilan.",
  },
  "POST /v1/orders/{id}/review": {
    rating: 5,
    comment: "Draf dwibahasa rapi dan tepat waktu; pertanyaan kami tentang jangka waktu kerahasiaan dijawab dalam sehari.",
  },
  "POST /v1/orders/{id}/costs/{cost_id}/reject": {
    reason: "NDA ditandatangani secara elektronik tanpa meterai fisik; mohon lanjutkan tanpa biaya ini.",
  },
  "POST /v1/orders/{id}/dispute": {
    reason: "Draf yang diserahkan adalah NDA sepihak, padahal intake meminta NDA timbal balik; dua revisi tidak memperbaikinya.",
  },
  "POST /v1/cases": CREATE_CASE_EXAMPLE,
  "POST /v1/content_checks": CONTENT_CHECK_EXAMPLES.findings.request,
  "POST /v1/cases/{id}/select": { bid_id: BID_ID },
  "POST /v1/file_links": CREATE_FILE_LINK_EXAMPLE,
  "POST /v1/test_helpers/deposit/top_up": { amount_idr: 10_000_000 },
  "POST /v1/test_helpers/practitioner": {
    credentials: [{ kind: "advokat" }, { kind: "notaris", province: "31", valid_until: "2027-06-30" }],
    conflicts: ["PT Seteru Lama"],
  },
  "POST /v1/test_helpers/practitioner/reset": {},
  "POST /v1/test_helpers/orders/{id}/request_input": {
    question: "Berapa lama jangka waktu kerahasiaan yang diinginkan, dan forum sengketa mana?",
  },
  "POST /v1/test_helpers/orders/{id}/deliver": {
    deliverable: "Draf NDA dwibahasa terlampir (DOCX dan PDF); jangka waktu 3 tahun, forum BANI Jakarta.",
    files: [FILE_ID],
  },
  "POST /v1/test_helpers/orders/{id}/costs": {
    kind: NDA_FEE.kind,
    fee_code: NDA_FEE.code,
    description: NDA_FEE.description,
    amount_idr: NDA_FEE.amountIdr,
  },
  "POST /v1/test_helpers/orders/{id}/costs/{cost_id}/receipt": { file: FILE_ID },
  "POST /v1/test_helpers/cases/{id}/bids": {
    price_idr: 6_500_000,
    scope: BID_EXAMPLE.scope,
    eta_days: 14,
    note: BID_EXAMPLE.note,
  },
};

const CREDENTIAL_EXAMPLE = {
  kind: "advokat",
  issuer: "PERADI",
  number: "12.00123",
  valid_until: "2028-06-30",
  province: null,
  verified_at: "2026-11-20T02:11:09.000Z",
};

/** Who does an order's work once taken: the label is made of the credentials that count today. */
const ORDER_PRACTITIONER_EXAMPLE = {
  id: "prk_3mF8qT1vN6yR2kW9pB4hL7",
  name: "Sari Wulandari, S.H.",
  label: "Advokat (PERADI) · Notaris — DKI Jakarta",
  license_number: "12.00123",
  credentials: [
    CREDENTIAL_EXAMPLE,
    {
      kind: "notaris",
      issuer: "Kementerian Hukum",
      number: "AHU-00123.AH.02.01",
      valid_until: null,
      province: "31",
      verified_at: "2026-11-20T02:15:40.000Z",
    },
  ],
};

/** Component schema name → its example (OpenAPI 3.1 `examples`, validated by the lint test). Request bodies are inlined by the generator: their examples are in REQUEST_EXAMPLES. */
export const SCHEMA_EXAMPLES: Record<string, unknown> = {
  Order: ORDER_EXAMPLE,
  Service: SERVICE_EXAMPLE,
  Balance: BALANCE_EXAMPLE,
  File: FILE_EXAMPLE,
  Case: CASE_EXAMPLE,
  Bid: BID_EXAMPLE,
  InvoiceSummary: INVOICE_EXAMPLE,
  OrderReceipt: ORDER_RECEIPT_EXAMPLE,
  Receipt: RECEIPT_EXAMPLE,
  Statement: STATEMENT_EXAMPLE,
  CaseSelection: SELECTION_EXAMPLE,
  Event: EVENT_EXAMPLE,
  FileLink: FILE_LINK_EXAMPLE,
  OrderPractitioner: ORDER_PRACTITIONER_EXAMPLE,
  PractitionerCredential: CREDENTIAL_EXAMPLE,
  Error: errorExample("VALIDATION"),
};

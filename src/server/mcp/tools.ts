import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { inferRouterInputs } from "@trpc/server";
import { z } from "zod";
import { REST_ROUTES, type RestRoute } from "@/server/api/routes";
import { metadataFilterKey, metadataFilterParams, takesMetadataFilter } from "@/server/api/schemas/list";
import { METADATA_LIMITS, metadataKeySchema } from "@/server/api/schemas/metadata";
import { type V1Router, v1Router } from "@/server/api/v1";
import { AppError } from "@/server/domain/errors";
import { TEST_TOP_UP_MAX_IDR } from "@/server/services/sandbox";

type RouterInputs = inferRouterInputs<V1Router>;
/** `orders.create` and the like: a procedure of the v1 router, checked by the compiler. */
export type ProcedurePath = { [R in keyof RouterInputs]: `${R & string}.${keyof RouterInputs[R] & string}` }[keyof RouterInputs];

interface ToolEntry {
  name: string;
  title: string;
  /** What an agent needs to use the tool well; the required scope is appended from the procedure. */
  description: string;
  annotations: ToolAnnotations;
  /** The REST procedure this tool mirrors: its input, output, scope and route are the tool's. */
  procedure: ProcedurePath;
}

const READ: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };
/** Makes something new on every call without an idempotency_key: an order, a message, a case. */
const CREATE: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
/**
 * Moves an order or a case from one status to the next: a second call with the same arguments finds
 * it moved and changes nothing (INVALID_STATE). Destructive when it cannot be undone by the agent.
 */
const transition = (destructive: boolean): ToolAnnotations => ({
  readOnlyHint: false,
  destructiveHint: destructive,
  idempotentHint: true,
  openWorldHint: false,
});

const PAGING_HELP =
  "Newest first, `limit` 1–100 (default 20). Paging: while has_more is true, pass the last id of a page as `starting_after` for " +
  "the next (older) page; `ending_before` with the first id of a page goes to newer ones. ";

/**
 * The largest file an upload tool takes, decoded. A tool call is one JSON-RPC message, read whole
 * before it is parsed: its base64 is a third larger and is held two or three times over (the body,
 * its text, the parsed string) before the bytes are decoded, on a server whose processes aim under
 * 300 MB. A model writes the argument token by token, so real calls carry far less; a larger file
 * goes to POST /v1/files, which streams up to FILE_MAX_BYTES without holding it.
 */
export const MCP_UPLOAD_MAX_BYTES = 768 * 1024;

const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;

/** Room in a /mcp message for all but the file: JSON-RPC framing, the tool's name, filename, idempotency_key, _meta. */
const MCP_ENVELOPE_BYTES = 64 * 1024;

/**
 * The largest /mcp body: an upload at MCP_UPLOAD_MAX_BYTES fits, and one a little over still
 * arrives, to be refused as a tool result (PAYLOAD_TOO_LARGE) rather than by HTTP.
 */
export const MCP_MAX_BODY_BYTES = base64Length(MCP_UPLOAD_MAX_BYTES) + MCP_ENVELOPE_BYTES;

/** The upload limit as the tool's description and its refusal say it. */
const UPLOAD_LIMIT_TEXT = `${MCP_UPLOAD_MAX_BYTES} bytes (${MCP_UPLOAD_MAX_BYTES / 1024} KiB)`;

/** The one tool table: both MCP transports (remote HTTP and local stdio) serve exactly these. */
const TOOL_TABLE: readonly ToolEntry[] = [
  {
    name: "daftar_layanan",
    title: "Daftar layanan: the service catalog",
    description:
      "List the catalog of Instant Matter services you may order: code, name, category, description, price_idr (the agent price " +
      "your organisation pays, in rupiah), sla, the intake fields an order must carry, third_party (official third-party costs, " +
      "billed separately at official rates) and third_party_fees (those costs as lines: amount_idr where a regulation fixes it, " +
      "null where it varies, and its basis), and stats: how Kuasa delivered it over the last 90 days of live orders (orders completed, " +
      "median hours from payment to delivery, on-time, acceptance and dispute rates, rating), null while fewer than 10 orders " +
      "completed; past figures, never a promise to your user. Only these services, prices and official fees exist: never offer or quote anything else.",
    annotations: READ,
    procedure: "catalog.list",
  },
  {
    name: "detail_layanan",
    title: "Detail layanan: one catalog service",
    description:
      "One catalog service by its `code`, with its price_idr and the intake fields (key, label, required, type, options) that " +
      "buat_order's `intake` must carry, and its delivery stats over the last 90 days (null while fewer than 10 orders completed). " +
      "Read it right before buat_order: the order's price is exactly this price_idr.",
    annotations: READ,
    procedure: "catalog.get",
  },
  {
    name: "buat_order",
    title: "Buat order: order a catalog service",
    description:
      "Create an Instant Matter order for a catalog service, paid from the organisation's deposit into escrow. The price is the " +
      "service's catalog price_idr: read it with detail_layanan first, and fill `intake` (string values) from that service's intake " +
      "fields. Documents (a contract to review, a logo, scanned IDs) go in `attachments` as file ids from unggah_berkas. Optional `max_budget` (IDR) refuses the order with BUDGET_EXCEEDED if the price is above it; optional `callback_url` " +
      "receives the order's webhooks.\n" +
      "The answer is the order in status `dibayar` (paid; practitioners are being offered it) or `menunggu_bayar`: the price is " +
      "above the organisation's approval threshold and a human admin of the organisation must approve it before it is paid. Tell " +
      "your user, and follow it with status_order.\n" +
      "Idempotency: generate one `idempotency_key` (e.g. a UUID; 1 to 255 visible ASCII characters without space, double quote or " +
      "backslash) per order you intend. If a call fails or times out, retry with the SAME idempotency_key and the same arguments, " +
      "never with a new key: a new key creates, and pays for, a second order. The same key and arguments within 24 hours return the " +
      "first order; the same key with different arguments fails with IDEMPOTENCY_KEY_REUSED. Without a key every call creates a new " +
      "order, which is why this tool is not marked idempotent.",
    annotations: CREATE,
    procedure: "orders.create",
  },
  {
    name: "status_order",
    title: "Status order: one order",
    description:
      "One order by its `id` (ord_…), with its messages and, once delivered, the `deliverable`. Status words: " +
      "dibuat (created); menunggu_bayar (waiting for an organisation admin's approval before payment); dibayar (paid into escrow); " +
      "ditawarkan (being offered to practitioners, 30 minutes each); diambil (taken by a practitioner); dikerjakan (in progress); " +
      "butuh_input_klien (the practitioner needs something from you: read the last practitioner message and answer with kirim_pesan); " +
      "diserahkan (result delivered in `deliverable`: review it, then terima_hasil); selesai (accepted, escrow released to the " +
      "practitioner); dibatalkan (cancelled, e.g. rejected by an admin); sengketa (in dispute, handled by the operator's team); " +
      "direfund (refunded to the deposit). While diserahkan, auto_accept_at says when the result is accepted on your behalf unless " +
      "you accept, ask for a revision (minta_revisi) or dispute (ajukan_sengketa) first. While ditawarkan, offering.stalled_since " +
      "means no practitioner took it yet; offering.refund_at is when it is refunded in full unless offering restarts. Messages with " +
      "role system explain what Kuasa did on its own. `costs` lists third-party costs (official fees such as PNBP) the practitioner " +
      "asked for beside the price: decide each with setujui_biaya or tolak_biaya.",
    annotations: READ,
    procedure: "orders.get",
  },
  {
    name: "daftar_order",
    title: "Daftar order: your organisation's orders",
    description:
      "The orders of your organisation made with keys of this key's mode, as full orders (status, price_idr, messages, deliverable…). " +
      PAGING_HELP +
      "Filters: `status`, `service` (a catalog code), `created[gte]` / `created[lte]` (ISO times). Use it to find an order whose id you " +
      "lost, or to see which orders wait for you (diserahkan, butuh_input_klien).",
    annotations: READ,
    procedure: "orders.list",
  },
  {
    name: "kirim_pesan",
    title: "Kirim pesan: message the practitioner",
    description:
      "Send a message `body` on order `id`, with optional `attachments` (file ids from unggah_berkas). This is how you answer " +
      "`butuh_input_klien`: read the practitioner's question in status_order's messages, send the answer here, and the order " +
      "returns to `dikerjakan`. Every call adds a message.",
    annotations: CREATE,
    procedure: "orders.message",
  },
  {
    name: "terima_hasil",
    title: "Terima hasil: accept the delivered result",
    description:
      "Accept the delivered result of order `id` (status `diserahkan`): the order becomes `selesai` and the escrow is released to the " +
      "practitioner. This cannot be undone; accept only when the `deliverable` has been approved by your user or your instructions. " +
      "In any other status it fails with INVALID_STATE.",
    annotations: transition(true),
    procedure: "orders.accept",
  },
  {
    name: "batalkan_order",
    title: "Batalkan order: cancel an order nobody has taken",
    description:
      "Cancel order `id` before a practitioner takes it, with an optional `reason`: from menunggu_bayar nothing was paid; from " +
      "dibayar or ditawarkan the whole price goes back to the deposit and this month's spend of the key goes down. The order " +
      "becomes dibatalkan; this cannot be undone. Once a practitioner has taken it (diambil or later) it fails with INVALID_STATE: " +
      "ask for a revision or open a dispute instead. Cancel only with your user's agreement.",
    annotations: transition(true),
    procedure: "orders.cancel",
  },
  {
    name: "minta_revisi",
    title: "Minta revisi: send a delivered result back for changes",
    description:
      "Order `id` in diserahkan goes back to the practitioner (dikerjakan) with `reason`: say exactly what must change; the " +
      "practitioner reads it as your message. Auto-acceptance stops until the next delivery. Only a limited number of revisions per " +
      "order (revision_count counts them); after that it fails with REVISION_LIMIT: accept the result or open a dispute.",
    annotations: transition(false),
    procedure: "orders.revision",
  },
  {
    name: "ajukan_sengketa",
    title: "Ajukan sengketa: open a dispute",
    description:
      "Order `id` taken or delivered (diambil, dikerjakan, butuh_input_klien or diserahkan) goes to the operator's team as sengketa, " +
      "with `reason` (what is wrong) as your message. The money stays in escrow until the team decides: a refund to the deposit " +
      "(direfund), release to the practitioner (selesai) or back to work (dikerjakan). Prefer minta_revisi when the result only " +
      "needs changes; before anyone took the order, use batalkan_order.",
    annotations: transition(false),
    procedure: "orders.dispute",
  },
  {
    name: "beri_ulasan",
    title: "Beri ulasan: review the finished work",
    description:
      "Rate the practitioner's work on order `id` once it is `selesai`: `rating` 1 (poor) to 5 (excellent) and an optional " +
      "`comment` (at most 1,000 characters; the practitioner reads it without your name). Once per order: a second review fails " +
      "with CONFLICT, and before selesai with INVALID_STATE. Ask your user how the work was; never invent a rating.",
    // Given once: a second call changes nothing, as a status move's does.
    annotations: transition(false),
    procedure: "orders.review",
  },
  {
    name: "setujui_biaya",
    title: "Setujui biaya: approve an official fee on an order",
    description:
      "Approve cost `cost_id` (cost_…) on order `id`: a third-party cost (PNBP, a notary's fee, another official cost) the " +
      "practitioner asked for, listed in status_order's `costs` with its amount_idr and basis. The amount moves from the deposit " +
      "into the order's escrow at the official amount (no platform fee) and counts against the monthly budget: BUDGET_EXCEEDED " +
      "or INSUFFICIENT_DEPOSIT refuse it and nothing moves. Above the organisation's approval threshold the cost becomes " +
      "menunggu_persetujuan until a human admin approves it in the portal: tell your user. The practitioner is reimbursed when they " +
      "upload the office's receipt (status dilunasi, `receipt`). Ask your user before approving money they did not expect; an " +
      "approved cost is not undone by you. Retry with the same `idempotency_key` to approve once.",
    annotations: transition(true),
    procedure: "orders.approveCost",
  },
  {
    name: "tolak_biaya",
    title: "Tolak biaya: refuse an official fee on an order",
    description:
      "Refuse cost `cost_id` on order `id` with a `reason` the practitioner reads (for example: not needed, or the amount or " +
      "basis looks wrong). No money moves; the practitioner may ask again. Only a cost still diajukan can be refused.",
    annotations: transition(true),
    procedure: "orders.rejectCost",
  },
  {
    name: "ajukan_kasus",
    title: "Ajukan kasus: submit a case to the case board",
    description:
      "Submit a case for custom legal work without a catalog price: contact_name, contact_email, story (at least 30 characters: " +
      "what happened and what the client needs), and optionally contact_phone, area (legal area, e.g. properti), urgency and " +
      "budget_range. The case opens as `terbuka`; practitioners then send bids, which you follow with status_kasus (batalkan_kasus withdraws it before a selection). Practitioners " +
      "see e-mail addresses, phone numbers and NIKs masked until their bid is selected. Every call submits a new case.",
    annotations: CREATE,
    procedure: "cases.create",
  },
  {
    name: "status_kasus",
    title: "Status kasus: one case and its bids",
    description:
      "One case by its `id` (kas_…) with its bids. Case status: terbuka (taking bids), dipilih (a bid was selected), ditutup " +
      "(closed by the operator). Each bid has scope, eta_days, note, status (diajukan: live; dipilih; tidak_dipilih; ditarik: " +
      "withdrawn), price_idr (the practitioner's bid) and client_pays (the bid plus the platform fee: what your organisation would " +
      "pay). Quote client_pays to your user, never price_idr alone.",
    annotations: READ,
    procedure: "cases.get",
  },
  {
    name: "daftar_kasus",
    title: "Daftar kasus: your organisation's cases",
    description:
      "The cases your organisation submitted with keys of this key's mode, each with its bids. " +
      PAGING_HELP +
      "Filters: `status` (terbuka, dipilih, ditutup), `created[gte]` / `created[lte]` (ISO times).",
    annotations: READ,
    procedure: "cases.list",
  },
  {
    name: "pilih_penawaran",
    title: "Pilih penawaran: select a bid",
    description:
      "Select bid `bid_id` (bid_…, status `diajukan`) on case `id` (status `terbuka`): the case becomes `dipilih`, every other bid " +
      "ends, and an invoice for the bid's client_pays is created; it counts against this key's per-order maximum and monthly budget " +
      "(BUDGET_EXCEEDED). This commits your organisation and cannot be undone or changed by calling again (INVALID_STATE): select only " +
      "with your user's agreement. Returns the case and the invoice.",
    annotations: transition(true),
    procedure: "cases.select",
  },
  {
    name: "batalkan_kasus",
    title: "Batalkan kasus: withdraw your case",
    description:
      "Withdraw case `id` while it is `terbuka` (before you select a bid): the case becomes `ditutup` and every live bid ends. " +
      "Nothing was paid or committed before a selection. Once a bid is selected (dipilih) it fails with INVALID_STATE: the " +
      "invoice commits your organisation. This cannot be undone; withdraw only with your user's agreement.",
    annotations: transition(true),
    procedure: "cases.cancel",
  },
  {
    name: "daftar_event",
    title: "Daftar event: what happened, as webhooks would tell it",
    description:
      "Every event of your organisation in this key's mode (order.dibayar, order.diserahkan, case.bid_received…), each with the " +
      "webhook's payload in `data`, whether or not a webhook was sent. " +
      PAGING_HELP +
      "To catch up after missed webhooks, pass the last event id you handled as `ending_before`: the page holds the events after it, " +
      "newest first, so handle it from last to first and repeat with the page's first id while has_more is true. Filters: `type`, " +
      "`created[gte]` / `created[lte]`.",
    annotations: READ,
    procedure: "events.list",
  },
  {
    name: "detail_event",
    title: "Detail event: one event",
    description:
      "One event by its `id` (evt_…), with the webhook's payload in `data`: the same body a webhook delivery of it carries. Use it to " +
      "check an event a webhook told you about, or one daftar_event listed.",
    annotations: READ,
    procedure: "events.get",
  },
  {
    name: "daftar_invoice",
    title: "Daftar invoice: your organisation's invoices",
    description:
      "The invoices of your organisation in this key's mode: one per selected case bid (pilih_penawaran), with total_idr, status and, " +
      "once an organisation admin has paid it, the order_id of the work. " +
      PAGING_HELP +
      "Filters: `status`, `created[gte]` / `created[lte]` (ISO times).",
    annotations: READ,
    procedure: "invoices.list",
  },
  {
    name: "status_invoice",
    title: "Status invoice: one invoice",
    description:
      "One invoice by its `id` (inv_…): total_idr, status and, once paid, the order_id of the work, which you then follow with " +
      "status_order like any order.",
    annotations: READ,
    procedure: "invoices.get",
  },
  {
    name: "daftar_kuitansi",
    title: "Daftar kuitansi: receipts and credit notes",
    description:
      "The documents of your organisation's deposit in this key's mode, newest first: kuitansi (a receipt for money paid from the " +
      "deposit: an order, an invoice's order, an approved official cost), nota_kredit (a credit note for money given back, naming " +
      "the receipt it corrects) and bukti_setoran (a top-up). Each has its `number` (test mode's carry -UJI), amount_idr, the fee, " +
      "VAT and official-cost breakdown, and `pdf_url` (the PDF, read with the same API key). Pass `order` (ord_…) for one order's " +
      "documents (status_order lists them too, in `receipts`), `month` (YYYY-MM, Jakarta time) or `kind` to narrow. " +
      PAGING_HELP +
      "Kuasa issues a document seconds after the money moves: an order paid a moment ago may have none yet.",
    annotations: READ,
    procedure: "receipts.list",
  },
  {
    name: "detail_kuitansi",
    title: "Detail kuitansi: one receipt or credit note",
    description:
      "One document by its `id` (doc_…): number, kind, amount_idr and what it consists of (practitioner_fee_idr, platform_fee_idr " +
      "with vat_idr inside it, pass_through_idr for official costs), the order, the receipt a credit note `corrects`, and pdf_url. " +
      "Quote its number to your user when they ask for proof of a payment.",
    annotations: READ,
    procedure: "receipts.get",
  },
  {
    name: "laporan_deposit",
    title: "Laporan deposit: the deposit's monthly statement",
    description:
      "The statement of your organisation's deposit in this key's mode for `month` (YYYY-MM, a Jakarta calendar month): " +
      "opening_balance_idr, every movement (top-ups, order payments, costs, refunds, dispute splits) with its document_number and " +
      "the balance after it, and closing_balance_idr, equal to the ledger to the rupiah. The current month is the month so far " +
      "(month_so_far: its closing balance is the deposit now); a month not yet begun fails with VALIDATION. For your user's " +
      "accountant, the REST API and the organisation's portal give the same statement as PDF and CSV.",
    annotations: READ,
    procedure: "statements.get",
  },
  {
    name: "unggah_berkas",
    title: "Unggah berkas: upload a document",
    description:
      `Upload a document for an order: \`filename\` and \`content_base64\` (the file's bytes in base64, at most ${UPLOAD_LIMIT_TEXT} decoded; a larger file is PAYLOAD_TOO_LARGE: only the REST API's upload takes it). The ` +
      "content decides the type: PDF, DOCX, XLSX, ODT, PNG, JPEG or UTF-8 text; anything else (an executable, a macro-enabled " +
      "document, an archive) fails with UNSUPPORTED_MEDIA_TYPE. Pass the answer's `id` in `attachments` of buat_order or kirim_pesan " +
      "within 24 hours (a file on nothing is deleted after that). The practitioner sees each attachment's name, type and size when " +
      "offered the order and opens it after taking it. Retry with the same `idempotency_key` to upload once.",
    annotations: CREATE,
    procedure: "files.create",
  },
  {
    name: "detail_berkas",
    title: "Detail berkas: one file",
    description:
      "One file by its `id` (file_…): filename, size, content_type (decided from the content) and sha256. Orders list their files in " +
      "`attachments`, each message's `attachments` and, once delivered, `deliverable_files`.",
    annotations: READ,
    procedure: "files.get",
  },
  {
    name: "tautan_berkas",
    title: "Tautan berkas: a download link for your user",
    description:
      "A url that downloads file `file` (file_…) without an API key until `expires_at` (`expires_in` seconds, 3600 unless given, at " +
      "most 7 days), then answers 404: hand it to your user to open a delivered document. Treat it like a password. Every file in a " +
      "tool's answer also comes as a resource link with a url valid for 15 minutes.",
    annotations: CREATE,
    procedure: "files.createLink",
  },
  {
    name: "saldo",
    title: "Saldo: deposit and key limits",
    description:
      "The organisation's deposit (deposit_idr) and this API key's limits: max_order_budget per order, monthly_budget, " +
      "spent_this_month and scopes. Check it before buat_order to avoid BUDGET_EXCEEDED and INSUFFICIENT_DEPOSIT.",
    annotations: READ,
    procedure: "balance.get",
  },
  {
    name: "periksa_konten",
    title: "Periksa konten: check a draft against the content rules",
    description:
      "Before you say something to your user about Kuasa, its practitioners, prices or services, send the draft as `text` (optional " +
      "`language`: id or en). The answer says whether it is `compliant` and lists each finding: the rule broken (outcome_promise, " +
      "verification_claim, off_catalog, ai_legal_advice), `start`/`end` offsets and the `excerpt` in your text, what is wrong " +
      "(`message`) and a compliant `suggestion`. Rewrite what it finds, then say it. Prices are compared with the live catalog. " +
      "Nothing is stored or changed.",
    annotations: READ,
    procedure: "contentChecks.create",
  },
];

/**
 * The sandbox's test helpers as tools, so an agent with MCP alone can move a test order as a
 * practitioner, an admin, the operator or time would. Listed only to a test-mode key (see toolsFor);
 * a status move answers INVALID_STATE when called again, as the order tools do.
 */
const SANDBOX_TOOL_TABLE: readonly ToolEntry[] = [
  {
    name: "uji_isi_deposit",
    title: "Uji: top up the test deposit",
    description:
      `Add \`amount_idr\` rupiah of test money (at most ${TEST_TOP_UP_MAX_IDR.toLocaleString("en")} per call) to your organisation's ` +
      "test deposit, as the operator tops up a live one. Answers the balance as saldo does. Top up when buat_order, setujui_biaya " +
      "or uji_bayar_invoice answer INSUFFICIENT_DEPOSIT.",
    annotations: CREATE,
    procedure: "testHelpers.topUpDeposit",
  },
  {
    name: "uji_setujui_order",
    title: "Uji: an admin approves a test order",
    description:
      "Approve test order `id` waiting in menunggu_bayar, as an admin of your organisation would in the portal: it is paid from " +
      "the test deposit and becomes dibayar (INSUFFICIENT_DEPOSIT when the test deposit is short: uji_isi_deposit first).",
    annotations: transition(false),
    procedure: "testHelpers.approveOrder",
  },
  {
    name: "uji_tolak_order",
    title: "Uji: an admin rejects a test order",
    description:
      "Reject test order `id` waiting in menunggu_bayar, as an admin of your organisation would in the portal: it becomes " +
      "dibatalkan; nothing was paid.",
    annotations: transition(false),
    procedure: "testHelpers.rejectOrder",
  },
  {
    name: "uji_ambil_order",
    title: "Uji: the practitioner takes a test order",
    description:
      "The simulated practitioner takes test order `id` (dibayar or ditawarkan): it becomes diambil, with `practitioner` set. " +
      "The first step of working a test order; then uji_mulai_kerja.",
    annotations: transition(false),
    procedure: "testHelpers.acceptOffer",
  },
  {
    name: "uji_mulai_kerja",
    title: "Uji: the practitioner starts work",
    description: "The simulated practitioner starts work on test order `id` (diambil, taken with uji_ambil_order): it becomes dikerjakan.",
    annotations: transition(false),
    procedure: "testHelpers.startWork",
  },
  {
    name: "uji_minta_input",
    title: "Uji: the practitioner asks you a question",
    description:
      "The simulated practitioner asks `question` on test order `id` (dikerjakan): it becomes butuh_input_klien with the question " +
      "as a practitioner message. Answer it with kirim_pesan, which sends the order back to dikerjakan.",
    annotations: transition(false),
    procedure: "testHelpers.requestInput",
  },
  {
    name: "uji_serahkan_hasil",
    title: "Uji: the practitioner delivers the result",
    description:
      "The simulated practitioner delivers test order `id` (dikerjakan): it becomes diserahkan with `deliverable` (the " +
      "practitioner's note on the result) and, when `files` are given (file ids from unggah_berkas), `deliverable_files`. Then " +
      "terima_hasil, minta_revisi or ajukan_sengketa, or let uji_terima_otomatis accept it.",
    annotations: transition(false),
    procedure: "testHelpers.deliver",
  },
  {
    name: "uji_lepas_order",
    title: "Uji: the practitioner gives a test order back",
    description: "The simulated practitioner holding test order `id` gives it back: it returns to ditawarkan and is offered again at once.",
    annotations: transition(false),
    procedure: "testHelpers.release",
  },
  {
    name: "uji_tawaran_kedaluwarsa",
    title: "Uji: an offer runs out",
    description:
      "The simulated practitioner's offer of test order `id` (dibayar or ditawarkan) runs out, as if its 30 minutes had passed: the " +
      "order stays ditawarkan and is offered again at once. Every call ends one offer.",
    annotations: CREATE,
    procedure: "testHelpers.expireOffer",
  },
  {
    name: "uji_tawaran_macet",
    title: "Uji: nobody takes a test order",
    description:
      "Offering of test order `id` stalls, as if every eligible practitioner had passed: it stays ditawarkan with " +
      "offering.stalled_since and offering.refund_at set, as a live order nobody takes. uji_refund_macet then makes the refund " +
      "come now.",
    annotations: transition(false),
    procedure: "testHelpers.stallOffering",
  },
  {
    name: "uji_refund_macet",
    title: "Uji: a stalled test order is refunded",
    description:
      "The refund time of test order `id`, stalled with uji_tawaran_macet, comes now: it becomes direfund, the whole price back in " +
      "the test deposit, with a system message saying why.",
    annotations: transition(false),
    procedure: "testHelpers.refundStalled",
  },
  {
    name: "uji_terima_otomatis",
    title: "Uji: a delivered test order is accepted on its own",
    description:
      "The auto-acceptance of test order `id` (diserahkan) comes now, as at auto_accept_at when you neither accept, revise nor " +
      "dispute: it becomes selesai, the escrow released, with a system message.",
    annotations: transition(false),
    procedure: "testHelpers.autoAccept",
  },
  {
    name: "uji_langgar_sla",
    title: "Uji: a test order's SLA passes",
    description:
      "The SLA of test order `id` (paid, not yet delivered) passes now: sla_breached_at is set, as for a live order not delivered " +
      "in time.",
    annotations: transition(false),
    procedure: "testHelpers.breachSla",
  },
  {
    name: "uji_buka_sengketa",
    title: "Uji: the operator opens a dispute",
    description:
      "The operator opens a dispute on test order `id` (taken or delivered): it becomes sengketa. (Your own dispute is " +
      "ajukan_sengketa.) The operator's decisions follow with uji_selesaikan_sengketa, uji_lanjutkan_kerja or uji_refund_order.",
    annotations: transition(false),
    procedure: "testHelpers.dispute",
  },
  {
    name: "uji_refund_order",
    title: "Uji: the operator refunds a test order",
    description:
      "The operator refunds test order `id` (dibayar, ditawarkan or sengketa): it becomes direfund, the escrow back in the test deposit.",
    annotations: transition(false),
    procedure: "testHelpers.refund",
  },
  {
    name: "uji_selesaikan_sengketa",
    title: "Uji: the operator settles a dispute for the practitioner",
    description:
      "The operator settles the dispute on test order `id` (sengketa) for the practitioner: it becomes selesai, the escrow released " +
      "to the simulated practitioner.",
    annotations: transition(false),
    procedure: "testHelpers.settleDispute",
  },
  {
    name: "uji_lanjutkan_kerja",
    title: "Uji: the operator sends a disputed order back to work",
    description: "The operator ends the dispute on test order `id` (sengketa) by sending it back to work: it becomes dikerjakan.",
    annotations: transition(false),
    procedure: "testHelpers.resumeWork",
  },
  {
    name: "uji_ajukan_biaya",
    title: "Uji: the practitioner asks for an official fee",
    description:
      "The simulated practitioner holding test order `id` (diambil, dikerjakan or butuh_input_klien) asks for a third-party cost: " +
      "`kind` (pnbp, notaris or lainnya), `description`, `amount_idr`, and `fee_code` (one of the service's third_party_fees, at " +
      "most its amount) or, for any other official cost, `basis`. Answers the cost (cost_…, diajukan), which status_order lists " +
      "in `costs`: decide it with setujui_biaya or tolak_biaya. Every call asks for another cost.",
    annotations: CREATE,
    procedure: "testHelpers.requestCost",
  },
  {
    name: "uji_lunasi_biaya",
    title: "Uji: the practitioner pays an approved fee",
    description:
      "The simulated practitioner pays approved cost `cost_id` (disetujui) on test order `id` and uploads the office's receipt: " +
      "`file`, a file id from unggah_berkas. The cost becomes dilunasi with its `receipt`, and its amount moves from the order's " +
      "escrow to the practitioner.",
    annotations: transition(false),
    procedure: "testHelpers.payCost",
  },
  {
    name: "uji_tampilan_praktisi",
    title: "Uji: a test order as the practitioner sees it",
    description:
      "Test order `id` as the practitioner holding it (or its live offer) sees it in their portal, read by the same code: the intake " +
      "and messages, with e-mail addresses, phone numbers and NIKs masked while `taken` is false, and the files (name, type and " +
      "size only until taken). Use it to check what leaves your hands. INVALID_STATE while nobody holds the order or an offer on it.",
    annotations: READ,
    procedure: "testHelpers.practitionerView",
  },
  {
    name: "uji_lihat_praktisi",
    title: "Uji: who takes your test orders",
    description:
      "The stand-in offered your test orders, with its credentials and conflict list: the one set with uji_atur_praktisi, or the " +
      "simulated practitioner, who holds a verified credential of every kind for every province.",
    annotations: READ,
    procedure: "testHelpers.getPractitioner",
  },
  {
    name: "uji_atur_praktisi",
    title: "Uji: choose who takes your test orders",
    description:
      "From now on your test orders go to one stand-in holding exactly these verified `credentials` ({ kind, province?, valid_until? }) " +
      "and declaring these `conflicts`, checked as a live practitioner is: an order whose service requires a kind it lacks, a deed in a " +
      "province outside its working area, or naming one of its conflicts as the other side stalls with the live reason " +
      "(offering.stalled_reason); then uji_refund_macet. uji_reset_praktisi undoes it.",
    annotations: transition(false),
    procedure: "testHelpers.setPractitioner",
  },
  {
    name: "uji_reset_praktisi",
    title: "Uji: give test orders back to the simulated practitioner",
    description: "Your test orders are offered again to the simulated practitioner, who qualifies for every service.",
    annotations: transition(false),
    procedure: "testHelpers.resetPractitioner",
  },
  {
    name: "uji_tambah_penawaran",
    title: "Uji: a practitioner bids on a test case",
    description:
      "A bid on test case `id` (terbuka) from the next of five simulated practitioners: `price_idr` (the practitioner's price; " +
      "client_pays adds the platform fee) and optional `scope`, `eta_days` and `note`. Answers the case with its bids, as " +
      "status_kasus does; then pilih_penawaran. CONFLICT once all five have bid.",
    annotations: CREATE,
    procedure: "testHelpers.addBid",
  },
  {
    name: "uji_bayar_invoice",
    title: "Uji: an admin pays a test invoice",
    description:
      "Pay test invoice `id` (belum_dibayar, made by pilih_penawaran) from the test deposit, as an admin of your organisation pays " +
      "a live one in the portal: it becomes dibayar, and its order_id names the order of the work, which you follow with " +
      "status_order like any order.",
    annotations: transition(false),
    procedure: "testHelpers.payInvoice",
  },
];

/** One tool call as a runner makes it: the procedure's input, and the Idempotency-Key if given. */
export interface ToolCall {
  input: Record<string, unknown>;
  idempotencyKey?: string;
}

export interface Tool extends ToolEntry {
  route: RestRoute;
  /** A test helper's tool: listed to, and callable with, a test-mode key only. */
  sandbox: boolean;
  /**
   * The tool's arguments: the procedure's input (REST path parameters + body or query), strict, plus
   * `idempotency_key` where the route reads one and `metadata` where it takes a metadata filter.
   */
  input: z.ZodObject;
  /** The arguments checked, as the call the runner makes: the procedure's input and the Idempotency-Key. */
  parseArguments(args: Record<string, unknown>): { success: true; call: ToolCall } | { success: false; error: z.ZodError };
  /** The procedure's own output schema: the REST success body. */
  output: z.ZodType;
  /** Both as portable JSON Schema, for tools/list; the output with `replayed` where the tool takes an idempotency_key. */
  inputJsonSchema: JsonObjectSchema;
  outputJsonSchema: JsonObjectSchema;
}

type JsonObjectSchema = { type: "object"; [key: string]: unknown };

/**
 * A list tool's metadata filter, as the natural object `{"metadata": {"run": "x"}}`; the procedure
 * takes REST's query form `metadata[run]=x`, which the tool also accepts as arguments.
 */
const METADATA_ARGUMENT = "metadata";
const metadataFilterArgument = z
  .record(metadataKeySchema, z.string().max(METADATA_LIMITS.valueLength))
  .optional()
  .meta({
    description: `Only those whose metadata has these values under these keys, all of them: {"run": "x"} (at most ${METADATA_LIMITS.keys} keys).`,
  });

/** Arguments with REST's `metadata[key]` query keys folded into the metadata object. */
function withMetadataObject(args: Record<string, unknown>): Record<string, unknown> {
  // Built from entries: `metadata[__proto__]` must become an own key the schema refuses, not a prototype.
  const entries = Object.entries(args);
  const filters = entries.flatMap(([key, value]) => {
    const metadataKey = metadataFilterKey(key);
    return metadataKey === undefined ? [] : [[metadataKey, value] as const];
  });
  if (filters.length === 0) return args;
  const given = args[METADATA_ARGUMENT];
  const metadata = Object.fromEntries([...(given !== null && typeof given === "object" ? Object.entries(given) : []), ...filters]);
  return Object.fromEntries([...entries.filter(([key]) => metadataFilterKey(key) === undefined), [METADATA_ARGUMENT, metadata]]);
}

/**
 * zod's record drops an own `__proto__` key before its key schema sees it, which would drop that
 * filter silently and list everything: every key is checked here first.
 */
function reservedMetadataKeyError(metadata: unknown): z.ZodError | null {
  if (metadata === null || typeof metadata !== "object") return null;
  for (const key of Object.keys(metadata)) {
    const checked = metadataKeySchema.safeParse(key);
    if (!checked.success) return new z.ZodError(checked.error.issues.map((issue) => ({ ...issue, path: [METADATA_ARGUMENT, key] })));
  }
  return null;
}

/**
 * An upload tool's arguments in place of the multipart `file` part: its name and its bytes in
 * base64. Each runner turns them into the upload its face takes (tools' `uploadOf`).
 */
const uploadArguments = {
  filename: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .meta({ description: "The file's name, e.g. kontrak-sewa.pdf; kept without any folder part." }),
  // No length bound here: base64's padding makes a length bound off by up to two bytes, so uploadOf
  // checks the decoded size exactly (the body cap bounds the text on /mcp).
  content_base64: z.base64().meta({
    description: `The file's bytes in base64, at most ${UPLOAD_LIMIT_TEXT} once decoded (more is PAYLOAD_TOO_LARGE).`,
  }),
};

/**
 * The file an upload tool's checked arguments carry, on either transport; over MCP_UPLOAD_MAX_BYTES
 * it is PAYLOAD_TOO_LARGE, as a file over FILE_MAX_BYTES is on REST, found before decoding.
 */
export function uploadOf(input: Record<string, unknown>): { filename: string; content: Buffer } {
  const base64 = String(input.content_base64);
  if (Buffer.byteLength(base64, "base64") > MCP_UPLOAD_MAX_BYTES)
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `The file is larger than ${UPLOAD_LIMIT_TEXT}, the most unggah_berkas takes; upload it with POST /v1/files instead.`,
    );
  return { filename: String(input.filename), content: Buffer.from(base64, "base64") };
}

/** The argument that becomes the Idempotency-Key header; the procedure validates its format. */
const IDEMPOTENCY_KEY_ARGUMENT = "idempotency_key";
const idempotencyKeyArgument = z
  .string()
  .optional()
  .meta({
    description:
      "Sent as the Idempotency-Key header: one value per action you intend; reuse it when retrying the same call, so it acts once. " +
      "An answer with `replayed: true` is that earlier call's result as it is now: nothing was done again.",
  });

/**
 * What REST says with `Idempotent-Replayed: true`, in the answer itself, where a model reads it:
 * present only on a replay, so a first answer is exactly the REST body.
 */
export const REPLAYED_FIELD = "replayed";
const replayedField = z
  .literal(true)
  .optional()
  .meta({
    description:
      "Only on a replay: true when this answer is an earlier call's with the same idempotency_key and arguments, as it is now; " +
      "nothing was created, paid or changed again.",
  });

/** Keywords that describe a schema rather than constrain a value: they stay beside an `anyOf`. */
const ANNOTATION_KEYWORDS: ReadonlySet<string> = new Set([
  "description",
  "title",
  "default",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
]);

/**
 * The form of a schema node that MCP clients with partial JSON Schema support take (the MCP
 * Inspector warns of the others, and some clients refuse the tool): a type array such as zod's
 * `["string", "null"]` becomes an `anyOf` of one type each, and the empty schema zod gives a loose
 * object's other keys becomes `true`, which says the same.
 */
function portable(node: unknown, keyword?: string): unknown {
  if (Array.isArray(node)) return node.map((item) => portable(item));
  if (node === null || typeof node !== "object") return node;
  if (keyword === "additionalProperties" && Object.keys(node).length === 0) return true;
  const entries = Object.entries(node).map(([key, value]) => [key, portable(value, key)] as const);
  const { type } = node as { type?: unknown };
  if (!Array.isArray(type)) return Object.fromEntries(entries);
  const annotations = entries.filter(([key]) => ANNOTATION_KEYWORDS.has(key));
  const constraints = entries.filter(([key]) => key !== "type" && !ANNOTATION_KEYWORDS.has(key));
  return Object.fromEntries([
    ...annotations,
    ["anyOf", type.map((one) => (one === "null" ? { type: "null" } : Object.fromEntries([["type", one], ...constraints])))],
  ]);
}

/** Every tool's name by the REST operation it mirrors, `POST /v1/files` → unggah_berkas. */
const TOOL_OF_OPERATION = new Map<string, string>(
  [...TOOL_TABLE, ...SANDBOX_TOOL_TABLE].flatMap((entry) =>
    REST_ROUTES.filter((r) => r.procedurePath === entry.procedure).map((r) => [`${r.method} ${r.path}`, entry.name] as const),
  ),
);

/**
 * A field description of the procedure's schemas in the words of the tools: the REST operations it
 * names (`POST /v1/files`) become the tools that mirror them (unggah_berkas), so one description
 * serves both faces and a model is never sent to a path it cannot call.
 */
const inToolWords = (text: string) =>
  text.replace(/\b(GET|POST|PUT|PATCH|DELETE) (\/v1\/[\w{}/]*\w\}?)/g, (operation) => TOOL_OF_OPERATION.get(operation) ?? operation);

/**
 * MCP wants a plain object schema at the root, and some clients cannot follow references, while zod
 * hoists every schema with an `id` (Order, Service…) into `definitions`: put them back inline, in
 * the portable form, described in the tools' words.
 */
function toJsonObjectSchema(schema: z.ZodType, io: "input" | "output"): JsonObjectSchema {
  const {
    $schema,
    definitions = {},
    ...root
  } = z.toJSONSchema(schema, { target: "draft-7", io }) as Record<string, unknown> & {
    definitions?: Record<string, unknown>;
  };
  const inline = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(inline);
    if (node === null || typeof node !== "object") return node;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === "string" && ref.startsWith("#/definitions/")) return inline(definitions[ref.slice("#/definitions/".length)]);
    // `allOf` of one schema is how a reference with siblings was written: once inlined, it is that
    // schema, and its description is where clients look for it.
    const { allOf, ...siblings } = node as { allOf?: unknown[] };
    if (Array.isArray(allOf) && allOf.length === 1) return { ...(inline(allOf[0]) as object), ...(inline(siblings) as object) };
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [
        key,
        key === "description" && typeof value === "string" ? inToolWords(value) : inline(value),
      ]),
    );
  };
  const inlined: Record<string, unknown> = { $schema, ...(portable(inline(root)) as Record<string, unknown>) };
  if (inlined.type !== "object") throw new Error(`MCP tool schemas must describe objects, got ${JSON.stringify(inlined.type)}`);
  return inlined as JsonObjectSchema;
}

/** The procedure's input from checked arguments: a list's metadata filter object becomes REST's `metadata[key]` parameters. */
function procedureInputOf(args: Record<string, unknown>, takesMetadataFilter: boolean): Record<string, unknown> {
  if (!takesMetadataFilter) return args;
  const { [METADATA_ARGUMENT]: metadata, ...rest } = args;
  return { ...rest, ...metadataFilterParams((metadata ?? {}) as Record<string, string>) };
}

function bind(entry: ToolEntry): Tool {
  const route = REST_ROUTES.find((r) => r.procedurePath === entry.procedure);
  const procedure = (v1Router._def.procedures as unknown as Record<string, { _def: { inputs: unknown[]; output?: unknown } } | undefined>)[
    entry.procedure
  ];
  const [procedureInput] = procedure?._def.inputs ?? [];
  const output = procedure?._def.output;
  if (!route || !(procedureInput instanceof z.ZodObject) || !(output instanceof z.ZodObject)) {
    throw new Error(`Tool ${entry.name}: ${entry.procedure} needs a REST route, a zod object input and a zod object output`);
  }
  const takesMetadata = takesMetadataFilter(procedureInput);
  const upload = route.meta.body === "multipart";
  const idempotent = route.meta.idempotent === true;
  // Strict: an argument the tool does not take is a VALIDATION error, as an unknown REST parameter is.
  const input = z.strictObject({
    ...(upload ? uploadArguments : procedureInput.shape),
    ...(takesMetadata ? { [METADATA_ARGUMENT]: metadataFilterArgument } : {}),
    ...(idempotent ? { [IDEMPOTENCY_KEY_ARGUMENT]: idempotencyKeyArgument } : {}),
  });
  const sandbox = entry.procedure.startsWith("testHelpers.");
  return {
    ...entry,
    description: `${entry.description}\n${sandbox ? "Sandbox only: test keys see this tool, and it acts on test data. " : ""}Scope: ${route.meta.scope}.`,
    route,
    sandbox,
    input,
    parseArguments: (args) => {
      const folded = takesMetadata ? withMetadataObject(args) : args;
      const refusedKey = reservedMetadataKeyError(folded[METADATA_ARGUMENT]);
      if (refusedKey) return { success: false, error: refusedKey };
      const parsed = input.safeParse(folded);
      if (!parsed.success) return parsed;
      const { [IDEMPOTENCY_KEY_ARGUMENT]: idempotencyKey, ...rest } = parsed.data;
      return {
        success: true,
        call: { input: procedureInputOf(rest, takesMetadata), idempotencyKey: idempotencyKey as string | undefined },
      };
    },
    output,
    inputJsonSchema: toJsonObjectSchema(input, "input"),
    outputJsonSchema: toJsonObjectSchema(idempotent ? output.extend({ [REPLAYED_FIELD]: replayedField }) : output, "output"),
  };
}

/** Every tool, the sandbox's included. */
export const TOOLS: readonly Tool[] = [...TOOL_TABLE, ...SANDBOX_TOOL_TABLE].map(bind);

/** The tools one key sees and may call: a live key none of the sandbox's. */
export interface ToolSet {
  tools: readonly Tool[];
  byName: ReadonlyMap<string, Tool>;
}

const toolSetOf = (tools: readonly Tool[]): ToolSet => ({ tools, byName: new Map(tools.map((tool) => [tool.name, tool])) });
const LIVE_TOOLS = toolSetOf(TOOLS.filter((tool) => !tool.sandbox));
const TEST_TOOLS = toolSetOf(TOOLS);

export const toolsFor = (livemode: boolean): ToolSet => (livemode ? LIVE_TOOLS : TEST_TOOLS);

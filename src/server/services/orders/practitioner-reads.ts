import type { Prisma } from "@/generated/prisma/client";
import type { OrderStatus } from "@/generated/prisma/enums";
import type { DbOrTx } from "@/server/db/client";
import { type PractitionerActor, requireActor } from "@/server/domain/access/actor";
import { type IntakeField, intakeForPeople, matterOf } from "@/server/domain/catalog/intake";
import { AppError } from "@/server/domain/errors";
import { type MessageRole, ORDER_TRANSITIONS, type OrderTrigger } from "@/server/domain/orders/order-state";
import { cursorRow, keyset, mapPage, type PageRequest, pageFrom, rowsToRead } from "@/server/domain/paging";
import type { ConflictMatter } from "@/server/domain/practitioners/conflicts";
import { maskIntake, maskText } from "@/server/domain/text/masking";
import type { ServiceDeps } from "../deps";
import type { PortalOrderFile } from "../files";
import { feesOfOrders } from "../money";
import { mayRelease } from "./practitioner-step";

/** What a practitioner can do to an order they hold, in the order the portal offers them. */
export const PRACTITIONER_ACTIONS = ["start_work", "request_input", "deliver", "release"] as const satisfies readonly OrderTrigger[];

export type PractitionerAction = (typeof PRACTITIONER_ACTIONS)[number];

/** The actions the state machine allows from `status`, so the portal never offers a refused one. */
function actionsFrom(order: { status: OrderStatus; caseId: string | null }): PractitionerAction[] {
  return PRACTITIONER_ACTIONS.filter(
    (trigger) =>
      ORDER_TRANSITIONS.some((t) => t.trigger === trigger && t.from.includes(order.status)) && (trigger !== "release" || mayRelease(order)),
  );
}

/** What a practitioner sees of an order: masked until they have taken it. */
export interface PractitionerOrderView {
  id: string;
  status: OrderStatus;
  service: { code: string; name: string; slaLabel: string };
  /**
   * Once settled, what the ledger credited them (a split's share included); before, what they are
   * credited on acceptance (their fee: the catalog's, or the bid); null once the order ended
   * without pay (cancelled, refunded).
   */
  earningIdr: number | null;
  intake: Record<string, string>;
  /** The catalog's label of each intake key ("Para pihak" for para_pihak), in the catalog's order. */
  intakeLabels: Record<string, string>;
  messages: Array<{ id: string; role: string; body: string; createdAt: Date }>;
  /** The latest delivered result; during a revision, the one the client sent back. Never on an offer. */
  deliverable: string | null;
  slaDueAt: Date | null;
  /** Revisions asked for so far (each is a message in the thread). */
  revisionCount: number;
  /** Why the latest revision was asked for, and by whom: the message that came with it. */
  revisionReason: { role: MessageRole; body: string } | null;
  /** While delivered: when the client's acceptance happens on its own. */
  autoAcceptAt: Date | null;
  /** Case-board work: the case whose selected bid this is. */
  caseId: string | null;
  /**
   * Whom the practitioner must have no conflict with (docs/decisions/conflicts.md): the client
   * (the ordering organisation and the parties it acts for) and the other side. Taking the offer
   * confirms it; `conflictConfirmedAt` is when they did.
   */
  parties: ConflictMatter;
  conflictConfirmedAt: Date | null;
  /**
   * Every file on the order: the client's (with the order or a message) and the deliveries'.
   * While masked (an offer) each shows its masked name, type and size, and cannot be opened.
   */
  files: PortalOrderFile[];
  masked: boolean;
  /** Empty on an offer: nothing can be done before taking it. */
  actions: PractitionerAction[];
}

type ViewSource = {
  id: string;
  status: OrderStatus;
  clientPriceIdr: bigint;
  intake: unknown;
  deliverable: string | null;
  slaDueAt: Date | null;
  revisionCount: number;
  autoAcceptAt: Date | null;
  caseId: string | null;
  conflictConfirmedAt: Date | null;
  organization: { name: string };
  service: { code: string; name: string; slaLabel: string; intake: unknown };
  case: CaseFacts | null;
  messages: Array<{ id: string; role: string; body: string; trigger: string | null; createdAt: Date }>;
  files: Array<{
    purpose: string;
    messageId: string | null;
    file: { id: string; filename: string; contentType: string; size: number };
  }>;
};

function revisionReasonOf(messages: ViewSource["messages"]): PractitionerOrderView["revisionReason"] {
  const reason = messages.findLast((m) => m.trigger === "request_revision");
  return reason ? { role: reason.role as MessageRole, body: reason.body } : null;
}

/** The order's earning for its practitioner: the ledger's once settled, else the fee it will pay. */
function earningOf(order: Pick<ViewSource, "id" | "status" | "clientPriceIdr">, fees: ReadonlyMap<string, bigint>): number | null {
  if (ENDED_UNPAID.includes(order.status)) return null;
  return Number(fees.get(order.id) ?? order.clientPriceIdr);
}

interface CaseFacts {
  story: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string | null;
  urgency: string;
  budgetRange: string;
}

/**
 * What the client told about case-board work: a case order carries no intake of its own, the
 * case's story and contact are its data (shown as fields, under these labels).
 */
const CASE_FIELDS: IntakeField[] = [
  { key: "cerita", label: "Cerita klien", required: true, type: "textarea" },
  { key: "urgensi", label: "Urgensi", required: false, type: "text" },
  { key: "kisaran_anggaran", label: "Kisaran anggaran", required: false, type: "text" },
  { key: "nama_kontak", label: "Nama kontak", required: true, type: "text" },
  { key: "email_kontak", label: "E-mail kontak", required: true, type: "email" },
  { key: "telepon_kontak", label: "Telepon kontak", required: false, type: "phone" },
];

function caseIntake(kase: CaseFacts): Record<string, string> {
  const values: Record<string, string> = {
    cerita: kase.story,
    urgensi: kase.urgency,
    kisaran_anggaran: kase.budgetRange,
    nama_kontak: kase.contactName,
    email_kontak: kase.contactEmail,
    telepon_kontak: kase.contactPhone ?? "",
  };
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ""));
}

function viewOf(order: ViewSource, masked: boolean, fees: ReadonlyMap<string, bigint> = new Map()): PractitionerOrderView {
  const { intake: stored, ...service } = order.service;
  const fromCase = order.case !== null && Object.keys(order.intake as object).length === 0;
  const intake = fromCase ? caseIntake(order.case!) : (order.intake as Record<string, string>);
  const fields = fromCase ? CASE_FIELDS : (stored as IntakeField[]);
  return {
    id: order.id,
    status: order.status,
    service,
    earningIdr: earningOf(order, fees),
    ...intakeForPeople(fields, masked ? maskIntake(intake, fields) : intake),
    messages: order.messages.map(({ trigger: _trigger, ...m }) => ({ ...m, body: masked ? maskText(m.body) : m.body })),
    // Another practitioner's result, should one be left on the order, is not for whoever is offered it.
    deliverable: masked ? null : order.deliverable,
    slaDueAt: order.slaDueAt,
    revisionCount: order.revisionCount,
    revisionReason: masked ? null : revisionReasonOf(order.messages),
    autoAcceptAt: order.autoAcceptAt,
    caseId: order.caseId,
    parties: masked ? maskedMatter(matterOf(fields, intake, order.organization.name)) : matterOf(fields, intake, order.organization.name),
    conflictConfirmedAt: order.conflictConfirmedAt,
    files: order.files
      // Another practitioner's delivered files, like their result, are not for whoever is offered the order;
      // a cost's receipt is shown with its cost.
      .filter((a) => !(masked && a.purpose === "deliverable") && a.purpose !== "receipt")
      .map(({ purpose, messageId, file }) => ({
        id: file.id,
        filename: masked ? maskText(file.filename) : file.filename,
        contentType: file.contentType,
        size: file.size,
        from: purpose as PortalOrderFile["from"],
        messageId,
        downloadable: !masked,
      })),
    masked,
    actions: masked ? [] : actionsFrom(order),
  };
}

/** Party names are what a conflict check needs; contact data typed into one stays hidden until the order is taken. */
const maskedMatter = (matter: ConflictMatter): ConflictMatter => ({
  clients: matter.clients.map(maskText),
  counterparties: matter.counterparties.map(maskText),
});

/** Orders that ended without pay for the practitioner. */
const ENDED_UNPAID: readonly OrderStatus[] = ["dibatalkan", "direfund"];

const VIEW_SELECT = {
  id: true,
  status: true,
  clientPriceIdr: true,
  intake: true,
  deliverable: true,
  slaDueAt: true,
  revisionCount: true,
  autoAcceptAt: true,
  caseId: true,
  conflictConfirmedAt: true,
  organization: { select: { name: true } },
  service: { select: { code: true, name: true, slaLabel: true, intake: true } },
  case: { select: { story: true, contactName: true, contactEmail: true, contactPhone: true, urgency: true, budgetRange: true } },
  messages: { orderBy: { seq: "asc" }, select: { id: true, role: true, body: true, trigger: true, createdAt: true } },
  files: {
    orderBy: { position: "asc" },
    select: { purpose: true, messageId: true, file: { select: { id: true, filename: true, contentType: true, size: true } } },
  },
} as const;

/** My live offers, soonest to expire first, masked, with the seconds left to answer. */
export async function listMyOffers(deps: ServiceDeps, { actor, request }: { actor: PractitionerActor; request: PageRequest }) {
  requireActor(actor, "practitioner");
  const { practitionerId } = actor;
  const now = deps.clock.now();
  const at = await cursorRow(request, "offers", (id) =>
    deps.db.offer.findFirst({ where: { id, practitionerId }, select: { id: true, expiresAt: true } }),
  );
  const { after, orderBy } = keyset(request, "expiresAt", at, "asc");
  const rows = await deps.db.offer.findMany({
    where: { practitionerId, status: "aktif", expiresAt: { gt: now }, AND: after },
    orderBy,
    take: rowsToRead(request),
    include: { order: { select: VIEW_SELECT } },
  });
  return mapPage(pageFrom(rows, request), (offer) => ({
    offerId: offer.id,
    expiresAt: offer.expiresAt,
    secondsLeft: Math.max(0, Math.floor((offer.expiresAt.getTime() - now.getTime()) / 1000)),
    order: viewOf(offer.order, true),
  }));
}

/** How long an offer withdrawn from me stays in my inbox as a notice. */
const WITHDRAWN_NOTICE_MS = 24 * 60 * 60 * 1000;

/**
 * Offers withdrawn from me in the last day because the order itself changed (the client cancelled
 * it, the operator refunded it), newest first, so an offer that vanished from the inbox says why.
 */
export async function listMyWithdrawnOffers(deps: ServiceDeps, { actor, request }: { actor: PractitionerActor; request: PageRequest }) {
  requireActor(actor, "practitioner");
  const { practitionerId } = actor;
  const since = new Date(deps.clock.now().getTime() - WITHDRAWN_NOTICE_MS);
  const where: Prisma.OfferWhereInput = {
    practitionerId,
    status: "dibatalkan",
    respondedAt: { gte: since },
    order: { status: { in: [...ENDED_UNPAID] } },
  };
  // Any answered offer of mine is a cursor, so a notice that ages out between two pages ends nothing.
  const at = await cursorRow(request, "withdrawn offers", async (id) => {
    const row = await deps.db.offer.findFirst({
      where: { id, practitionerId, respondedAt: { not: null } },
      select: { id: true, respondedAt: true },
    });
    return row && { id: row.id, respondedAt: row.respondedAt! };
  });
  const { after, orderBy } = keyset(request, "respondedAt", at);
  const rows = await deps.db.offer.findMany({
    where: { ...where, AND: after },
    orderBy,
    take: rowsToRead(request),
    select: { id: true, respondedAt: true, order: { select: { id: true, status: true, service: { select: { name: true } } } } },
  });
  return mapPage(pageFrom(rows, request), (offer) => ({
    offerId: offer.id,
    withdrawnAt: offer.respondedAt!,
    orderId: offer.order.id,
    orderStatus: offer.order.status,
    service: offer.order.service.name,
  }));
}

/** Orders assigned to me, the latest changed first, with the real data (I have taken them). */
export async function listMyOrders(deps: Pick<ServiceDeps, "db">, { actor, request }: { actor: PractitionerActor; request: PageRequest }) {
  requireActor(actor, "practitioner");
  const { practitionerId } = actor;
  const { db } = deps;
  const at = await cursorRow(request, "orders", (id) =>
    db.order.findFirst({ where: { id, practitionerId }, select: { id: true, updatedAt: true } }),
  );
  const { after, orderBy } = keyset(request, "updatedAt", at);
  const rows = await db.order.findMany({ where: { practitionerId, AND: after }, orderBy, take: rowsToRead(request), select: VIEW_SELECT });
  const page = pageFrom(rows, request);
  const fees = await feesOfOrders(
    db,
    practitionerId,
    page.data.map((order) => order.id),
  );
  return mapPage(page, (order) => viewOf(order, false, fees));
}

/** The operator's decisions that end a dispute. */
type DisputeDecision = "resume_work" | "settle_for_practitioner" | "settle_split" | "refund";

/** The order's latest dispute as its practitioner reads it: the reason, and the operator's decision once made. */
export interface PractitionerDispute {
  openedAt: Date;
  reason: { role: MessageRole; body: string };
  decision: {
    kind: DisputeDecision;
    decidedAt: Date;
    /** The operator's note that came with it (a split always has one). */
    note: string | null;
    /** A split: the practitioner's share of their price. */
    practitionerShareIdr: number | null;
    /** A split: the figures as both sides read them in the thread. */
    figures: string | null;
  } | null;
}

/** Which decision the order's first status after the dispute records. */
const DECISION_OF_STATUS: Record<string, DisputeDecision | undefined> = {
  "order.dikerjakan": "resume_work",
  "order.selesai": "settle_for_practitioner",
  "order.direfund": "refund",
};

/**
 * The order's latest dispute, read from what the order already records: the reason is the
 * message that opened it, the decision the first status event after it (a split is the
 * settlement with a `settle_split` note), its note the operator's message with that step.
 */
async function disputeOf(
  db: DbOrTx,
  order: Pick<ViewSource, "id" | "status" | "messages">,
  fees: ReadonlyMap<string, bigint>,
): Promise<PractitionerDispute | null> {
  const openedAt = order.messages.findLastIndex((m) => m.trigger === "dispute");
  if (openedAt < 0) return null;
  const opened = order.messages[openedAt]!;
  const dispute = { openedAt: opened.createdAt, reason: { role: opened.role as MessageRole, body: opened.body } };
  if (order.status === "sengketa") return { ...dispute, decision: null };
  const disputedEvent = await db.webhookEvent.findFirst({
    where: { orderId: order.id, type: "order.sengketa" },
    orderBy: { seq: "desc" },
    select: { seq: true },
  });
  const decided =
    disputedEvent &&
    (await db.webhookEvent.findFirst({
      where: { orderId: order.id, seq: { gt: disputedEvent.seq } },
      orderBy: { seq: "asc" },
      select: { type: true, createdAt: true },
    }));
  const statusDecision = decided && DECISION_OF_STATUS[decided.type];
  if (!decided || !statusDecision) return { ...dispute, decision: null };
  const after = order.messages.slice(openedAt + 1);
  const split = statusDecision === "settle_for_practitioner" && after.some((m) => m.trigger === "settle_split");
  const kind: DisputeDecision = split ? "settle_split" : statusDecision;
  const noteAt = after.findIndex((m) => m.trigger === kind && m.role === "operator");
  // A split's share is the fee the ledger credited for the order (feesOfOrders): one reading of it.
  const share = split ? fees.get(order.id) : undefined;
  const practitionerShareIdr = share === undefined ? null : Number(share);
  return {
    ...dispute,
    decision: {
      kind,
      decidedAt: decided.createdAt,
      note: noteAt >= 0 ? after[noteAt]!.body : null,
      practitionerShareIdr,
      figures: split ? (after.slice(noteAt + 1).find((m) => m.role === "system")?.body ?? null) : null,
    },
  };
}

/**
 * One order as `practitionerId` sees it: the real data once they hold it, the offer's masked view
 * while they hold a live offer on it, NOT_FOUND otherwise. The portal's order page and the
 * sandbox's practitioner_view both read it here, so what a sandbox agent is shown is what a
 * practitioner is shown.
 */
export async function getMyOrder(
  deps: Pick<ServiceDeps, "db" | "clock">,
  { actor, orderId }: { actor: PractitionerActor; orderId: string },
): Promise<PractitionerOrderView & { dispute: PractitionerDispute | null }> {
  requireActor(actor, "practitioner");
  const { practitionerId } = actor;
  const liveOffer = { practitionerId, status: "aktif" as const, expiresAt: { gt: deps.clock.now() } };
  const order = await deps.db.order.findFirst({
    where: { id: orderId, OR: [{ practitionerId }, { offers: { some: liveOffer } }] },
    select: { ...VIEW_SELECT, practitionerId: true },
  });
  if (!order) throw new AppError("NOT_FOUND", `No order ${orderId} assigned or offered to you.`);
  const masked = order.practitionerId !== practitionerId;
  const fees = masked ? new Map<string, bigint>() : await feesOfOrders(deps.db, practitionerId, [order.id]);
  // An offer says nothing of a dispute with someone else.
  const dispute = masked ? null : await disputeOf(deps.db, order, fees);
  return { ...viewOf(order, masked, fees), dispute };
}

/**
 * A practitioner's reviews as they read them on their profile: the average and the count over all
 * of them, and the latest with the service and the date, never who wrote them (no organisation,
 * key or admin).
 */
export async function practitionerReviews(deps: Pick<ServiceDeps, "db">, { actor }: { actor: PractitionerActor }) {
  requireActor(actor, "practitioner");
  const { practitionerId } = actor;
  const [summary, latest] = await Promise.all([
    deps.db.orderReview.aggregate({ where: { practitionerId }, _avg: { rating: true }, _count: true }),
    deps.db.orderReview.findMany({
      where: { practitionerId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: REVIEWS_SHOWN,
      select: {
        id: true,
        rating: true,
        comment: true,
        createdAt: true,
        order: { select: { id: true, service: { select: { name: true } } } },
      },
    }),
  ]);
  return {
    count: summary._count,
    averageRating: summary._avg.rating === null ? null : Math.round(summary._avg.rating * 10) / 10,
    latest: latest.map((r) => ({
      id: r.id,
      rating: r.rating,
      comment: r.comment,
      createdAt: r.createdAt,
      orderId: r.order.id,
      service: r.order.service.name,
    })),
  };
}

/** How many of a practitioner's latest reviews their profile lists. */
const REVIEWS_SHOWN = 20;

import type { DbOrTx } from "@/server/db/client";
import {
  costDecisionEmail,
  depositToppedUpEmail,
  newOfferEmail,
  type OrderNoticeKind,
  orderNoticeEmail,
} from "@/server/domain/notifications/notification-text";
import { enqueueEmails } from "./email";

/**
 * Practitioners' e-mail notifications, queued in the transaction of what they tell about (so an
 * offer rolled back sends nothing), only to practitioners who keep emailNotifications on and never
 * to the sandbox's simulated ones; and organisation admins' notice of money received. Each has a
 * dedupe key, so a second run queues nothing new.
 */

/** One e-mail per new offer (`offer:<offerId>`): the service, the practitioner's pay and the deadline. */
export async function notifyNewOffers(tx: DbOrTx, publicUrl: string, offerIds: readonly string[]): Promise<void> {
  if (offerIds.length === 0) return;
  const offers = await tx.offer.findMany({
    where: { id: { in: [...offerIds] }, practitioner: { emailNotifications: true, simulated: false } },
    select: {
      id: true,
      expiresAt: true,
      practitioner: { select: { name: true, user: { select: { email: true } } } },
      order: { select: { clientPriceIdr: true, service: { select: { name: true } } } },
    },
  });
  await enqueueEmails(
    tx,
    offers.map((offer) => ({
      to: offer.practitioner.user.email,
      dedupeKey: `offer:${offer.id}`,
      ...newOfferEmail({
        practitionerName: offer.practitioner.name,
        serviceName: offer.order.service.name,
        earningIdr: offer.order.clientPriceIdr,
        expiresAt: offer.expiresAt,
        publicUrl,
      }),
    })),
  );
}

/** The order's practitioner hears of a client's message, a revision request or a dispute (`message:<messageId>`). */
export async function notifyOrderMessage(
  tx: DbOrTx,
  publicUrl: string,
  input: { orderId: string; messageId: string; kind: OrderNoticeKind },
): Promise<void> {
  const order = await tx.order.findUnique({
    where: { id: input.orderId },
    select: {
      id: true,
      service: { select: { name: true } },
      practitioner: { select: { name: true, emailNotifications: true, simulated: true, user: { select: { email: true } } } },
    },
  });
  const practitioner = order?.practitioner;
  if (!order || !practitioner?.emailNotifications || practitioner.simulated) return;
  await enqueueEmails(tx, [
    {
      to: practitioner.user.email,
      dedupeKey: `message:${input.messageId}`,
      ...orderNoticeEmail({
        kind: input.kind,
        practitionerName: practitioner.name,
        serviceName: order.service.name,
        orderId: order.id,
        publicUrl,
      }),
    },
  ]);
}

/** The practitioner who asked for a cost hears of its approval, refusal or cancellation (`cost:<costId>:<status>`). */
export async function notifyCostDecision(
  tx: DbOrTx,
  publicUrl: string,
  cost: {
    id: string;
    orderId: string;
    practitionerId: string;
    status: "disetujui" | "ditolak" | "dibatalkan";
    description: string;
    amountIdr: bigint;
    reason: string | null;
  },
): Promise<void> {
  const practitioner = await tx.practitioner.findUnique({
    where: { id: cost.practitionerId },
    select: { name: true, emailNotifications: true, simulated: true, user: { select: { email: true } } },
  });
  if (!practitioner?.emailNotifications || practitioner.simulated) return;
  await enqueueEmails(tx, [
    {
      to: practitioner.user.email,
      dedupeKey: `cost:${cost.id}:${cost.status}`,
      ...costDecisionEmail({ ...cost, practitionerName: practitioner.name, publicUrl }),
    },
  ]);
}

/**
 * Every admin of an organisation hears that money arrived in its live deposit, one e-mail each
 * (`deposit:<transferId>:<userId>`), in the transaction of the top-up.
 */
export async function notifyDepositTopUp(
  tx: DbOrTx,
  publicUrl: string,
  topUp: { organizationId: string; transferId: string; amountIdr: bigint; balanceIdr: bigint; reference: string; at: Date },
): Promise<void> {
  const org = await tx.organization.findUnique({
    where: { id: topUp.organizationId },
    select: { name: true, memberships: { select: { user: { select: { id: true, name: true, email: true } } } } },
  });
  if (!org) return;
  await enqueueEmails(
    tx,
    org.memberships.map(({ user }) => ({
      to: user.email,
      dedupeKey: `deposit:${topUp.transferId}:${user.id}`,
      ...depositToppedUpEmail({ ...topUp, adminName: user.name, organizationName: org.name, publicUrl }),
    })),
  );
}

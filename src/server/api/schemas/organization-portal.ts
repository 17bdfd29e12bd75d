import { z } from "zod";
import { DeliveryStatus, OrderStatus } from "@/generated/prisma/enums";
import { SCOPES } from "@/server/domain/api-key";
import type { DataOwner } from "@/server/domain/data-owner";
import { isDashboardWebhookUrl } from "@/server/domain/webhook-url";
import { WEBHOOK_SECRET_OVERLAP_HOURS } from "@/server/domain/webhook-secret";
import { portalPageInput } from "../portal/paging";
import { idSchema } from "./ids";
import { rupiahInputSchema } from "./rupiah";
import { orderTextSchema } from "./order";

/** The organisation admin portal's inputs, and the views that turn its rows into JSON (BigInt → number). */

/** Live data unless the page's switch asks for the sandbox's (`kk_test_` keys' orders and money). */
export const modeInput = z.enum(["live", "test"]).default("live");
export const ownerOf = (organizationId: string, mode: "live" | "test"): DataOwner => ({ organizationId, livemode: mode === "live" });

const search = z.string().trim().max(200).optional();
export const blankToUndefined = (text: string | undefined) => (text ? text : undefined);

export const byOrder = z.object({ orderId: idSchema });
export const byApiKey = z.object({ apiKeyId: idSchema });
export const byInvitation = z.object({ invitationId: idSchema });

export const thresholdInput = z.object({ thresholdIdr: rupiahInputSchema.nullable() });
export const reasonInput = byOrder.extend({ reason: orderTextSchema });
export const cancelInput = byOrder.extend({ reason: orderTextSchema.optional() });
export const decideInput = byOrder.extend({ approve: z.boolean() });

export const orderSearchInput = z.object({
  mode: modeInput,
  q: search,
  status: z.enum(OrderStatus).optional(),
  apiKeyId: idSchema.optional(),
  page: portalPageInput,
});

export const statementInput = z.object({ mode: modeInput, page: portalPageInput });
export const modeOnlyInput = z.object({ mode: modeInput });

const webhookUrl = z.string().trim().max(2048).refine(isDashboardWebhookUrl, "Gunakan https:// (atau http://localhost untuk pengembangan).").nullable();
const keySettings = {
  name: z.string().trim().max(100),
  scopes: z.array(z.enum(SCOPES)).min(1),
  maxOrderIdr: rupiahInputSchema,
  monthlyBudgetIdr: rupiahInputSchema,
  webhookUrl,
};
export const createKeyInput = z.object({ ...keySettings, mode: z.enum(["live", "test"]).default("live") });
export const updateKeyInput = byApiKey.extend(keySettings);
export const rotateSecretInput = byApiKey.extend({
  // Hours the replaced secret keeps signing beside the new one; 0 for a leaked secret.
  overlapHours: z.number().int().min(0).max(WEBHOOK_SECRET_OVERLAP_HOURS.max).default(WEBHOOK_SECRET_OVERLAP_HOURS.default),
});

export const webhookSearchInput = z.object({
  mode: modeInput,
  orderId: idSchema.optional(),
  status: z.enum(DeliveryStatus).optional(),
  page: portalPageInput,
});

export const inviteInput = z.object({ email: z.string().trim().min(3).max(320) });

/** A new invitation as its inviter sees it once: the link is for passing on by hand when e-mail is not set up. */
export const invitationCreatedView = (invitation: { id: string; email: string; expiresAt: Date; link: string }) => ({
  id: invitation.id,
  email: invitation.email,
  expiresAt: invitation.expiresAt,
  link: invitation.link,
});


export function orderRowView(row: {
  id: string;
  status: OrderStatus;
  livemode: boolean;
  priceIdr: bigint;
  intake: unknown;
  createdAt: Date;
  service: { name: string };
  apiKey: { id: string; name: string; keyId: string };
}) {
  return {
    id: row.id,
    status: row.status,
    livemode: row.livemode,
    service: row.service.name,
    priceIdr: Number(row.priceIdr),
    intake: row.intake as Record<string, string>,
    apiKey: row.apiKey,
    createdAt: row.createdAt,
  };
}

/** One statement row: signed amount and the balance after it, as the StatementTable shows them. */
export function statementRowView(row: { id: string; amountIdr: bigint; balanceAfterIdr: bigint; kind: string; reference: string | null; description: string; createdAt: Date }) {
  return { ...row, amountIdr: Number(row.amountIdr), balanceAfterIdr: Number(row.balanceAfterIdr) };
}

import type { StoredFile } from "@/generated/prisma/client";
import { ownerOf, requireActor } from "@/server/domain/access/actor";
import { AppError } from "@/server/domain/errors";
import { costTransitionFor } from "@/server/domain/orders/cost-state";
import { practitionerActorOf } from "../access";
import { publicUrlOf, type ServiceDeps } from "../deps";
import { agentReader, attachFiles, filesToAttach, practitionerReader } from "../files";
import { type CostWithReceipt, moveCost } from "../order-engine";
import { type CostPractitioner, costOf, moveMoney, practitionerOrder } from "./steps";

/** Whether the practitioner uploaded the file: a receipt must be their own. */
const uploadedBy = (file: StoredFile, practitionerId: string) => file.practitionerId === practitionerId;

/**
 * The practitioner paid the office and uploads its official receipt (a file on the order's
 * organisation): → `dilunasi`, and the amount moves from the order's escrow to their payable
 * balance, apart from their fees. The practitioner who asked for the cost receipts it, even if the
 * order went on to another.
 */
export async function payCost(
  deps: Pick<ServiceDeps, "db" | "clock" | "publicUrl">,
  { actor, orderId, costId, receiptFileId }: { actor: CostPractitioner; orderId: string; costId: string; receiptFileId: string },
): Promise<CostWithReceipt> {
  requireActor(actor, "practitioner", "agent");
  const by = actor;
  const now = deps.clock.now();
  return deps.db.$transaction(async (tx) => {
    const order = await practitionerOrder(tx, by, orderId);
    const cost = await costOf(tx, orderId, costId);
    if (by.kind === "practitioner" && cost.practitionerId !== by.practitionerId)
      throw new AppError("NOT_FOUND", `No cost ${costId} of yours on order ${orderId}.`);
    const transition = costTransitionFor(cost.status, "pay", "practitioner");
    const [receipt] = await filesToAttach(
      tx,
      by.kind === "practitioner" ? practitionerReader(by.practitionerId) : agentReader(ownerOf(by)),
      { organizationId: order.organizationId, livemode: order.livemode },
      [receiptFileId],
      "receipt",
    );
    if (by.kind === "practitioner" && !uploadedBy(receipt!, by.practitionerId))
      throw new AppError("VALIDATION", "receipt: upload the receipt yourself, onto this order.");
    await attachFiles(tx, orderId, { purpose: "receipt" }, [receipt!], now);
    const moved = await moveCost(tx, order, cost, transition, {
      now,
      publicUrl: publicUrlOf(deps),
      // Through the test helpers, the simulated practitioner who asked for the cost pays it.
      actor: by.kind === "practitioner" ? by : await practitionerActorOf(tx, cost.practitionerId),
      receiptFileId,
    });
    await moveMoney(tx, moved.transfers);
    return moved.cost;
  });
}

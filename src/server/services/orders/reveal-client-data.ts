import { type OperatorActor, requireActor } from "@/server/domain/access/actor";
import { intakeFieldListSchema, intakeForPeople } from "@/server/domain/catalog/intake";
import { AppError } from "@/server/domain/errors";
import { audit } from "../audit";
import type { ServiceDeps } from "../deps";

/** What the client sent with an order, unmasked: the intake and, for a case's order, the case's story and contact. */
interface ClientData {
  intake: Record<string, string>;
  /** The service's field labels by key, in the catalog's order. */
  intakeLabels: Record<string, string>;
  case: { id: string; story: string; contactName: string; contactEmail: string; contactPhone: string | null } | null;
}

/**
 * The operator reads an order's intake (and its case's story and contact) as the client sent it,
 * to judge a dispute or a question. Every reading is written to the audit log, in the same
 * transaction, before the data is returned: no audit row, no data.
 */
export async function revealClientData(deps: Pick<ServiceDeps, "db">, { actor, orderId }: { actor: OperatorActor; orderId: string }) {
  requireActor(actor, "operator");
  return deps.db.$transaction(async (tx): Promise<ClientData> => {
    const order = await tx.order.findUnique({
      where: { id: orderId },
      select: {
        id: true,
        intake: true,
        service: { select: { intake: true } },
        case: { select: { id: true, story: true, contactName: true, contactEmail: true, contactPhone: true } },
      },
    });
    if (!order) throw new AppError("NOT_FOUND", `No order ${orderId}.`);
    await audit(tx, {
      actor,
      action: "order.client_data_view",
      subjectType: "order",
      subjectId: order.id,
      data: { case: order.case?.id ?? null },
    });
    const fields = intakeFieldListSchema.safeParse(order.service.intake).data ?? [];
    return {
      ...intakeForPeople(
        fields,
        Object.fromEntries(Object.entries(order.intake as Record<string, unknown>).map(([key, value]) => [key, String(value)])),
      ),
      case: order.case,
    };
  });
}

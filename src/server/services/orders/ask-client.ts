import type { PractitionerActor } from "@/server/domain/access/actor";
import type { ServiceDeps } from "../deps";
import { actOnMyOrder } from "./practitioner-step";

/** The practitioner asks the client a question (→ butuh_input_klien), with files if any. */
export function askClient(
  deps: ServiceDeps,
  { actor, orderId, question, fileIds = [] }: { actor: PractitionerActor; orderId: string; question: string; fileIds?: readonly string[] },
) {
  return actOnMyOrder(deps, {
    actor,
    orderId,
    trigger: "request_input",
    extra: { message: { role: "practitioner", body: question.trim() } },
    fileIds,
  });
}

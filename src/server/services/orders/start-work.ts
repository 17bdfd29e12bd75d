import type { PractitionerActor } from "@/server/domain/access/actor";
import type { ServiceDeps } from "../deps";
import { actOnMyOrder } from "./practitioner-step";

/** The practitioner starts on an order they took (diambil → dikerjakan). */
export const startWork = (deps: ServiceDeps, { actor, orderId }: { actor: PractitionerActor; orderId: string }) =>
  actOnMyOrder(deps, { actor, orderId, trigger: "start_work" });

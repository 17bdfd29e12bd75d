import type { PractitionerActor } from "@/server/domain/access/actor";
import type { ServiceDeps } from "../deps";
import { actOnMyOrder } from "./practitioner-step";

/** Gives the order back: it goes on offer again (order.ditawarkan) to the next practitioner. */
export const releaseOrder = (deps: ServiceDeps, { actor, orderId }: { actor: PractitionerActor; orderId: string }) =>
  actOnMyOrder(deps, { actor, orderId, trigger: "release" });

import type { PractitionerActor } from "@/server/domain/access/actor";
import type { ServiceDeps } from "../deps";
import type { FileReader } from "../files";
import { actOnMyOrder } from "./practitioner-step";

/**
 * The result: a note (always) and the files it describes, which become the order's `deliverable_files`.
 * `reader` reads the files: the practitioner, or in the sandbox the test key that plays them.
 */
export function deliverResult(
  deps: ServiceDeps,
  {
    actor,
    orderId,
    deliverable,
    fileIds = [],
    reader,
  }: { actor: PractitionerActor; orderId: string; deliverable: string; fileIds?: readonly string[]; reader?: FileReader },
) {
  return actOnMyOrder(deps, { actor, orderId, trigger: "deliver", extra: { deliverable: deliverable.trim() }, fileIds, reader });
}

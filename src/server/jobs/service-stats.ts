import { SWEEPER } from "@/server/domain/access/actor";
import { refreshServiceStats, serviceStatsDue } from "@/server/services/catalog";
import type { JobKind } from "./types";

/** The catalog's delivery statistics, recomputed for every service at once, at most hourly (services/catalog/service-stats.ts). */
export const serviceStatsJob: JobKind = {
  name: "service-stats",
  findDue: serviceStatsDue,
  handle: (deps) => refreshServiceStats(deps, { actor: SWEEPER }),
};

import type { SystemActor } from "./access/actor";
/** A row of timed work that needs its handler at `dueAt` (or now, when that has passed). */
export interface DueRow {
  id: string;
  dueAt: Date;
}

/** What the timers ask each kind of timed work: its due rows at `cutoff`, at most `limit`, as the sweeper. */
export interface DueQuery {
  actor: SystemActor;
  cutoff: Date;
  limit: number;
}

/** A row of timed work that needs its handler at `dueAt` (or now, when that has passed). */
export interface DueRow {
  id: string;
  dueAt: Date;
}

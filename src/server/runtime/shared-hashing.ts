import { type HashingTurn, type HashingTurns, hashingBusy } from "../services/access";

/**
 * Hashing turns for a machine of several server processes: the cluster primary holds the one set
 * of turns and lends them over IPC, so two processes never hash at once and a flood spread over
 * every process still takes at most the share of one core the turns allow. Without this, each
 * process hashes on its own core and a flood takes every core the API needs (bench/hashing.ts).
 */

const TAKE = "kuasa:hash-turn-take";
const GRANTED = "kuasa:hash-turn-granted";
const REFUSED = "kuasa:hash-turn-refused";
const DONE = "kuasa:hash-turn-done";

export type SharedHashingMessage =
  | { type: typeof TAKE; id: number }
  | { type: typeof GRANTED; id: number }
  | { type: typeof REFUSED; id: number }
  | { type: typeof DONE; id: number };

const isSharedHashingMessage = (message: unknown): message is SharedHashingMessage =>
  typeof message === "object" &&
  message !== null &&
  [TAKE, GRANTED, REFUSED, DONE].includes((message as { type?: unknown }).type as string);

/** Where a message goes: a worker seen from the primary, or the primary seen from a worker. */
export interface HashingPort {
  send(message: SharedHashingMessage): void;
}

/** A request the primary has passed on to its turns and not yet been granted. */
const WAITING = Symbol("waiting");

/** The primary's side: lends `turns` to every worker and takes back what a dead worker held. */
export class HashingTurnLender<Worker extends HashingPort> {
  /** Per worker, its requests: a turn it holds, or WAITING while the turns have not granted it. */
  private readonly lent = new Map<Worker, Map<number, HashingTurn | typeof WAITING>>();

  constructor(private readonly turns: HashingTurns) {}

  /** A worker's message; anything that is not this protocol's is ignored. */
  receive(worker: Worker, message: unknown): void {
    if (!isSharedHashingMessage(message)) return;
    const requests = this.requestsOf(worker);
    const { id } = message;
    if (message.type === TAKE) {
      requests.set(id, WAITING);
      this.turns.take().then(
        (turn) => {
          // The worker died while it waited: the turn goes straight back.
          if (this.lent.get(worker)?.get(id) !== WAITING) return turn.done();
          requests.set(id, turn);
          worker.send({ type: GRANTED, id });
        },
        () => {
          if (!requests.delete(id)) return;
          worker.send({ type: REFUSED, id });
        },
      );
    }
    if (message.type === DONE) {
      const turn = requests.get(id);
      requests.delete(id);
      if (turn !== undefined && turn !== WAITING) turn.done();
    }
  }

  /** A worker exited: every turn it held is given back, every request it left waiting is dropped. */
  forget(worker: Worker): void {
    const requests = this.lent.get(worker);
    this.lent.delete(worker);
    for (const turn of requests?.values() ?? []) if (turn !== WAITING) turn.done();
  }

  private requestsOf(worker: Worker): Map<number, HashingTurn | typeof WAITING> {
    let requests = this.lent.get(worker);
    if (!requests) this.lent.set(worker, (requests = new Map()));
    return requests;
  }
}

/**
 * A worker's side: turns borrowed from the primary. `subscribe` hands over every message the
 * worker receives (process.on("message") in production).
 */
export function borrowedHashingTurns(primary: HashingPort, subscribe: (listener: (message: unknown) => void) => void): HashingTurns {
  let nextId = 0;
  const pending = new Map<number, { resolve(turn: HashingTurn): void; reject(err: Error): void }>();
  subscribe((message) => {
    if (!isSharedHashingMessage(message)) return;
    const request = pending.get(message.id);
    if (!request) return;
    pending.delete(message.id);
    if (message.type === GRANTED) {
      const { id } = message;
      let given = false;
      request.resolve({
        done: () => {
          if (given) return;
          given = true;
          primary.send({ type: DONE, id });
        },
      });
    }
    if (message.type === REFUSED) request.reject(hashingBusy());
  });
  return {
    take: () =>
      new Promise<HashingTurn>((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        primary.send({ type: TAKE, id });
      }),
  };
}

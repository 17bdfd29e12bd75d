import { describe, expect, it } from "vitest";
import { AppError } from "../domain/errors";
import { type HashingTurns, LocalHashingTurns } from "../services/access";
import { borrowedHashingTurns, type HashingPort, HashingTurnLender, type SharedHashingMessage } from "./shared-hashing";

/** A worker process as the primary sees it, wired to a borrower as the worker sees the primary; messages arrive a tick later, as over IPC. */
interface FakeWorker extends HashingPort {
  name: string;
  turns: HashingTurns;
}

function machine(turns: HashingTurns) {
  const lender = new HashingTurnLender<FakeWorker>(turns);
  const worker = (name: string): FakeWorker => {
    const listeners: Array<(message: unknown) => void> = [];
    const self: FakeWorker = {
      name,
      send: (message: SharedHashingMessage) =>
        setImmediate(() => {
          for (const listener of listeners) listener(message);
        }),
      turns: borrowedHashingTurns({ send: (message) => setImmediate(() => lender.receive(self, message)) }, (listener) =>
        listeners.push(listener),
      ),
    };
    return self;
  };
  return { lender, worker };
}

const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
};

/** Which of `takes` have been granted so far. */
function tracker() {
  const granted: string[] = [];
  const take = (worker: FakeWorker, label: string) =>
    worker.turns.take().then((turn) => {
      granted.push(label);
      return turn;
    });
  return { granted, take };
}

const noRest = { concurrency: 1, maxWaiting: 2, coreShare: 1, burstMs: 0 };

describe("hashing turns shared by the server processes of one machine", () => {
  it("let only one process hash at a time, the next in the order they asked", async () => {
    const { worker } = machine(new LocalHashingTurns(noRest));
    const [a, b] = [worker("a"), worker("b")];
    const { granted, take } = tracker();
    const first = take(a, "a1");
    await settle();
    const second = take(b, "b1");
    const third = take(a, "a2");
    await settle();
    expect(granted).toEqual(["a1"]);
    (await first).done();
    await settle();
    expect(granted).toEqual(["a1", "b1"]);
    (await second).done();
    await settle();
    expect(granted).toEqual(["a1", "b1", "a2"]);
    (await third).done();
  });

  it("refuse a process with RATE_LIMITED once the machine's waiting list is full, whichever process filled it", async () => {
    const { worker } = machine(new LocalHashingTurns(noRest));
    const [a, b] = [worker("a"), worker("b")];
    const held = a.turns.take();
    void b.turns.take();
    void b.turns.take();
    await settle();
    const refused = await a.turns.take().catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe("RATE_LIMITED");
    (await held).done();
  });

  it("take back the turn of a process that died while hashing, so the others go on", async () => {
    const { lender, worker } = machine(new LocalHashingTurns(noRest));
    const [dead, alive] = [worker("dead"), worker("alive")];
    const { granted, take } = tracker();
    void take(dead, "dead");
    await settle();
    const next = take(alive, "alive");
    await settle();
    expect(granted).toEqual(["dead"]);
    lender.forget(dead);
    await settle();
    expect(granted).toEqual(["dead", "alive"]);
    (await next).done();
  });

  it("pass over the requests of a process that died while waiting", async () => {
    const { lender, worker } = machine(new LocalHashingTurns({ ...noRest, maxWaiting: 3 }));
    const [holder, dead, alive] = [worker("holder"), worker("dead"), worker("alive")];
    const { granted, take } = tracker();
    const held = take(holder, "holder");
    await settle();
    void take(dead, "dead");
    await settle();
    const next = take(alive, "alive");
    await settle();
    lender.forget(dead);
    (await held).done();
    await settle();
    expect(granted).toEqual(["holder", "alive"]);
    (await next).done();
  });

  it("give a turn back once, however often a process says it is done", async () => {
    const { worker } = machine(new LocalHashingTurns(noRest));
    const [a, b] = [worker("a"), worker("b")];
    const { granted, take } = tracker();
    const first = await take(a, "a1");
    const second = take(b, "b1");
    const third = take(b, "b2");
    first.done();
    first.done();
    await settle();
    expect(granted).toEqual(["a1", "b1"]);
    (await second).done();
    await settle();
    (await third).done();
    expect(granted).toEqual(["a1", "b1", "b2"]);
  });
});

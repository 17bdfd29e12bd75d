import { describe, expect, it, vi } from "vitest";
import type { Db } from "@/server/db/client";
import { systemClock } from "@/server/domain/clock";
import type { DueQuery } from "@/server/domain/due-row";
import { testWebhookSettings } from "@/test/webhooks";
import { createSweeper, WAKE_GAP_MS } from "./sweeper";
import type { JobDeps, JobKind } from "./types";

const deps: JobDeps = { db: {} as Db, clock: systemClock, webhooks: testWebhookSettings };

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** A kind whose due ids are `due` and whose handler waits for `gate` (if any) and then removes the id. */
function fakeKind(name: string, due: string[], gate?: Promise<void>) {
  const handled: string[] = [];
  let running = 0;
  const stats = { maxRunning: 0, findCalls: 0 };
  const kind: JobKind = {
    name,
    findDue: vi.fn(async (_db, { cutoff: now, limit }: DueQuery) => {
      stats.findCalls++;
      return due.slice(0, limit).map((id) => ({ id, dueAt: now }));
    }),
    handle: vi.fn(async (_deps, id: string) => {
      running++;
      stats.maxRunning = Math.max(stats.maxRunning, running);
      await gate;
      running--;
      handled.push(id);
      due.splice(due.indexOf(id), 1);
      return undefined;
    }),
  };
  return { kind, handled, stats };
}

const silent = { error: vi.fn() };

describe("createSweeper", () => {
  it("scans soon after a wake-up, but a stream of wake-ups never makes it scan back to back", async () => {
    const a = fakeKind("a", []);
    const sweeper = createSweeper({ deps, kinds: [a.kind], intervalMs: 60_000, concurrency: 4, logger: silent });
    sweeper.start();
    await vi.waitFor(() => expect(a.stats.findCalls).toBe(1));
    sweeper.wakeDue();
    await vi.waitFor(() => expect(a.stats.findCalls).toBe(2));
    // A wake-up every 2 ms for 20 gaps: at most one scan per gap (plus the edges), not one per wake-up.
    const until = Date.now() + 20 * WAKE_GAP_MS;
    while (Date.now() < until) {
      sweeper.wakeDue();
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(a.stats.findCalls - 2).toBeGreaterThan(0);
    expect(a.stats.findCalls - 2).toBeLessThanOrEqual(22);
    await sweeper.stop();
  });

  it("runs the handler of every due row and reports how many it started", async () => {
    const a = fakeKind("a", ["a1", "a2"]);
    const b = fakeKind("b", ["b1"]);
    const sweeper = createSweeper({ deps, kinds: [a.kind, b.kind], intervalMs: 1000, concurrency: 4, logger: silent });
    expect(await sweeper.runOnce()).toBe(3);
    expect(a.handled.sort()).toEqual(["a1", "a2"]);
    expect(b.handled).toEqual(["b1"]);
    expect(await sweeper.runOnce()).toBe(0);
  });

  it("bounds the handlers running at once per kind and never starts one row twice", async () => {
    const gate = deferred();
    const slow = fakeKind("slow", ["s1", "s2", "s3", "s4", "s5"], gate.promise);
    const other = fakeKind("other", ["o1"]);
    const sweeper = createSweeper({ deps, kinds: [slow.kind, other.kind], intervalMs: 1000, concurrency: 2, logger: silent });
    const first = sweeper.runOnce();
    await vi.waitFor(() => expect(other.handled).toEqual(["o1"]));
    // A second scan while the slow ones are in flight starts nothing new for that kind.
    expect(await sweeper.runOnce()).toBe(0);
    expect(slow.kind.handle).toHaveBeenCalledTimes(2);
    gate.resolve();
    await first;
    expect(slow.stats.maxRunning).toBe(2);
    expect(await sweeper.runOnce()).toBe(2);
    expect(await sweeper.runOnce()).toBe(1);
    expect(slow.handled.sort()).toEqual(["s1", "s2", "s3", "s4", "s5"]);
  }, 10_000);

  it("never overlaps its scans", async () => {
    let inFind = 0;
    let overlapped = false;
    const kind: JobKind = {
      name: "k",
      findDue: async () => {
        inFind++;
        if (inFind > 1) overlapped = true;
        await new Promise((r) => setTimeout(r, 20));
        inFind--;
        return [];
      },
      handle: async () => undefined,
    };
    const sweeper = createSweeper({ deps, kinds: [kind], intervalMs: 1000, concurrency: 1, logger: silent });
    await Promise.all([sweeper.runOnce(), sweeper.runOnce(), sweeper.runOnce()]);
    expect(overlapped).toBe(false);
  });

  it("logs a failing handler or scan and carries on", async () => {
    const logger = { error: vi.fn() };
    const broken: JobKind = {
      name: "broken",
      findDue: async (_db, { cutoff: now }) => [{ id: "x", dueAt: now }],
      handle: async () => Promise.reject(new Error("boom")),
    };
    const blind: JobKind = { name: "blind", findDue: async () => Promise.reject(new Error("db down")), handle: async () => undefined };
    const fine = fakeKind("fine", ["f1"]);
    const sweeper = createSweeper({ deps, kinds: [broken, blind, fine.kind], intervalMs: 1000, concurrency: 1, logger });
    expect(await sweeper.runOnce()).toBe(2);
    expect(fine.handled).toEqual(["f1"]);
    expect(logger.error).toHaveBeenCalledWith({ err: expect.objectContaining({ message: "boom" }) }, "[jobs] broken x failed");
    expect(logger.error).toHaveBeenCalledWith({ err: expect.objectContaining({ message: "db down" }) }, "[jobs] finding due blind failed");
  });

  it("scans on its own once started, and a wake-up brings the next scan forward", async () => {
    const due: string[] = ["n1"];
    const k = fakeKind("k", due);
    const sweeper = createSweeper({ deps, kinds: [k.kind], intervalMs: 60_000, concurrency: 1, logger: silent });
    sweeper.start();
    await vi.waitFor(() => expect(k.handled).toEqual(["n1"]));
    due.push("n2");
    sweeper.wakeDue();
    await vi.waitFor(() => expect(k.handled).toEqual(["n1", "n2"]), { timeout: 2_000 });
    await sweeper.stop();
  });

  it("waits for handlers in flight on stop, then takes no more work", async () => {
    const gate = deferred();
    const k = fakeKind("k", ["w1"], gate.promise);
    const sweeper = createSweeper({ deps, kinds: [k.kind], intervalMs: 10, concurrency: 1, logger: silent });
    sweeper.start();
    await vi.waitFor(() => expect(k.kind.handle).toHaveBeenCalledTimes(1));
    let stopped = false;
    const stopping = sweeper.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 30));
    expect(stopped).toBe(false);
    gate.resolve();
    await stopping;
    expect(k.handled).toEqual(["w1"]);
    expect(await sweeper.runOnce()).toBe(0);
  });

  it("hands a batch kind its due rows in batches of batchSize, at most concurrency batches at once, never a row in flight twice", async () => {
    const gate = deferred();
    const due = Array.from({ length: 12 }, (_, i) => `r${i + 1}`);
    const batches: string[][] = [];
    const findLimits: number[] = [];
    const kind: JobKind = {
      name: "batched",
      findDue: async (_db, { cutoff: now, limit }) => {
        findLimits.push(limit);
        return due.slice(0, limit).map((id) => ({ id, dueAt: now }));
      },
      handle: vi.fn(async () => undefined),
      handleBatch: async (_deps, ids) => {
        batches.push([...ids]);
        await gate.promise;
        for (const id of ids) due.splice(due.indexOf(id), 1);
      },
      batchSize: 3,
    };
    const sweeper = createSweeper({ deps, kinds: [kind], intervalMs: 1000, concurrency: 2, logger: silent });
    const first = sweeper.runOnce();
    await vi.waitFor(() => expect(batches).toHaveLength(2));
    // Both slots are busy: a scan meanwhile starts nothing, and no row goes out twice.
    expect(await sweeper.runOnce()).toBe(0);
    gate.resolve();
    await first;
    expect(findLimits[0]).toBe(6);
    expect(batches).toEqual([
      ["r1", "r2", "r3"],
      ["r4", "r5", "r6"],
    ]);
    expect(await sweeper.runOnce()).toBe(6);
    expect(await sweeper.runOnce()).toBe(0);
    expect(batches.flat()).toEqual(Array.from({ length: 12 }, (_, i) => `r${i + 1}`));
    expect(kind.handle).not.toHaveBeenCalled();
  });

  it("retries a failed batch row by row, so one bad row does not hold back the rows batched with it", async () => {
    const logger = { error: vi.fn() };
    const handled: string[] = [];
    const kind: JobKind = {
      name: "poisoned",
      findDue: async (_db, { cutoff: now }) => ["p1", "bad", "p2"].map((id) => ({ id, dueAt: now })),
      handle: async (_deps, id) => {
        if (id === "bad") throw new Error("bad row");
        handled.push(id);
      },
      handleBatch: async () => Promise.reject(new Error("batch failed")),
    };
    const sweeper = createSweeper({ deps, kinds: [kind], intervalMs: 1000, concurrency: 1, logger });
    expect(await sweeper.runOnce()).toBe(3);
    expect(handled).toEqual(["p1", "p2"]);
    expect(logger.error).toHaveBeenCalledWith(
      { err: expect.objectContaining({ message: "batch failed" }) },
      "[jobs] poisoned batch of 3 failed; handling its rows one at a time",
    );
    expect(logger.error).toHaveBeenCalledWith({ err: expect.objectContaining({ message: "bad row" }) }, "[jobs] poisoned bad failed");
  });
});

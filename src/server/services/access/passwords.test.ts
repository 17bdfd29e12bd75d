import { describe, expect, it } from "vitest";
import type { PasswordHasher } from "@/server/domain/access/password";
import { AppError } from "@/server/domain/errors";
import { TEST_PASSWORD_HASHING } from "@/test/passwords";
import { LocalHashingTurns } from "./hashing-turns";
import { HashingQueue, hashPassword, verifyPassword } from "./passwords";

// Production's parameters are hashed and verified once, in users.db.test.ts (through createUser).
describe("password hashes", () => {
  it("carry the cost they were made at, so a hash made at another cost still verifies, and only its password", async () => {
    const stored = await hashPassword({ passwordHashing: TEST_PASSWORD_HASHING }, { password: "rahasia-sekali-123" });
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword({ passwordHashing: TEST_PASSWORD_HASHING }, { stored, password: "rahasia-sekali-123" })).toBe(true);
    expect(await verifyPassword({ passwordHashing: TEST_PASSWORD_HASHING }, { stored, password: "rahasia-sekali-124" })).toBe(false);
  });

  it("never match a stored value that is not an argon2 hash", async () => {
    expect(await verifyPassword({ passwordHashing: TEST_PASSWORD_HASHING }, { stored: "!simulated", password: "rahasia-sekali-123" })).toBe(
      false,
    );
    expect(await verifyPassword({ passwordHashing: TEST_PASSWORD_HASHING }, { stored: "", password: "" })).toBe(false);
  });
});

describe("an unknown account", () => {
  it("is checked against a dummy hash and never matches, whatever password it is given", async () => {
    expect(await TEST_PASSWORD_HASHING.verify(null, "rahasia-sekali-123")).toBe(false);
    expect(await TEST_PASSWORD_HASHING.verify(null, "")).toBe(false);
  });
});

/** A hasher whose every call waits until the test releases it: the queue's state is then exact, with no clock. */
function heldHasher() {
  const held: Array<() => void> = [];
  const hasher: PasswordHasher = {
    hash: (password) => new Promise((resolve) => held.push(() => resolve(`hash:${password}`))),
    verify: () => new Promise((resolve) => held.push(() => resolve(true))),
  };
  return { hasher, held };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

const codeOf = (call: Promise<unknown>) =>
  call.then(
    () => "ok",
    (err: unknown) => (err instanceof AppError ? err.code : "other"),
  );

describe("the hashing queue", () => {
  it("runs at most `concurrency` hashes, keeps `maxWaiting` waiting in order, and refuses the next one at once with RATE_LIMITED", async () => {
    const { hasher, held } = heldHasher();
    const queue = new HashingQueue(hasher, new LocalHashingTurns({ concurrency: 2, maxWaiting: 3, coreShare: 1, burstMs: 0 }));
    const accepted = Array.from({ length: 5 }, (_, i) => queue.hash(`p${i}`));
    await settle();
    expect(held).toHaveLength(2);
    expect(await codeOf(queue.verify(null, "satu lagi"))).toBe("RATE_LIMITED");
    held.shift()?.();
    await settle();
    // The finished one's turn went to the first waiter; there is room for one more waiter now.
    expect(held).toHaveLength(2);
    const sixth = queue.hash("p5");
    expect(await codeOf(queue.hash("p6"))).toBe("RATE_LIMITED");
    while (held.length > 0) {
      held.shift()?.();
      await settle();
    }
    expect(await Promise.all([...accepted, sixth])).toEqual(["hash:p0", "hash:p1", "hash:p2", "hash:p3", "hash:p4", "hash:p5"]);
  });

  it("takes new work again once the queue has drained", async () => {
    const { hasher, held } = heldHasher();
    const queue = new HashingQueue(hasher, new LocalHashingTurns({ concurrency: 1, maxWaiting: 0, coreShare: 1, burstMs: 0 }));
    const first = queue.hash("a");
    expect(await codeOf(queue.hash("b"))).toBe("RATE_LIMITED");
    held.shift()?.();
    expect(await first).toBe("hash:a");
    const second = queue.hash("c");
    await settle();
    held.shift()?.();
    expect(await second).toBe("hash:c");
  });

  it("answers a hash at once but rests its turn, in proportion to its core share, before the next waiter starts", async () => {
    const { hasher, held } = heldHasher();
    const rests: Array<{ ms: number; done: () => void }> = [];
    const queue = new HashingQueue(
      hasher,
      new LocalHashingTurns(
        { concurrency: 1, maxWaiting: 5, coreShare: 0.25, burstMs: 0 },
        (ms) => new Promise<void>((resolve) => rests.push({ ms, done: resolve })),
      ),
    );
    const first = queue.hash("a");
    const second = queue.hash("b");
    await settle();
    held.shift()?.();
    expect(await first).toBe("hash:a");
    await settle();
    // Three times as long as the hash took: a quarter of the core.
    expect(rests).toHaveLength(1);
    expect(held).toHaveLength(0);
    rests.shift()?.done();
    await settle();
    expect(held).toHaveLength(1);
    held.shift()?.();
    expect(await second).toBe("hash:b");
  });

  it("hashes a burst at full speed, then rests so that hashing keeps its core share, and has the burst again after a quiet spell", async () => {
    let now = 0;
    const rests: number[] = [];
    // Each hash takes 50 ms of the test's clock.
    const hasher = {
      hash: async (password: string) => {
        now += 50;
        return `hash:${password}`;
      },
      verify: async () => true,
    };
    const queue = new HashingQueue(
      hasher,
      new LocalHashingTurns(
        { concurrency: 1, maxWaiting: 10, coreShare: 0.1, burstMs: 100 },
        async (ms) => {
          rests.push(ms);
          now += ms;
        },
        () => now,
      ),
    );
    for (const password of ["a", "b", "c", "d"]) await queue.hash(password);
    await settle();
    // Two hashes fit in the 100 ms burst (55 ms left after the first, 10 after the second); the
    // third overdraws it by 35 ms and rests that back at a tenth; from then on each rests nine
    // times its 50 ms, so hashing keeps a tenth of the core.
    expect(rests.map(Math.round)).toEqual([350, 450]);
    now += 10_000;
    rests.length = 0;
    await queue.hash("e");
    await queue.hash("f");
    await settle();
    expect(rests).toEqual([]);
  });
});

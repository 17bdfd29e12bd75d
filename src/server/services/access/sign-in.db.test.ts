import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED, VISITOR } from "@/server/domain/access/actor";
import { deviceCookieKey } from "@/server/domain/access/device-cookie";
import { SIGN_IN_BACKOFF, type SignInBackoffPolicy } from "@/server/domain/access/sign-in-backoff";
import { fixedClock, systemClock } from "@/server/domain/clock";
import { AppError } from "@/server/domain/errors";
import { createTestDatabase, instancePools, type TestDatabase, testDatabaseKind } from "@/test/db";
import { countingHasher, TEST_PASSWORD_HASHING } from "@/test/passwords";
import { type SignInResult, SignInThrottle, signIn } from "./sign-in";
import { createUser } from "./users";

let database: TestDatabase;
const PASSWORD = "rahasia-sekali-123";
let accounts = 0;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.destroy();
});

async function newOperator(): Promise<string> {
  const email = `operator${++accounts}-${Date.now()}@contoh.id`;
  await createUser({ db: database.prisma }, { input: { email, password: PASSWORD, role: "operator" }, actor: SEED });
  return email;
}

const memory = (policy: SignInBackoffPolicy = SIGN_IN_BACKOFF) => new SignInThrottle({ kind: "memory" }, policy);
const outcome = (result: SignInResult) => (result.ok ? "ok" : result.reason);

/** Only the per-(account, address) count matters: the other two are out of reach. */
const pairOnly = (pair: SignInBackoffPolicy["rules"]["pair"]): SignInBackoffPolicy => ({
  ...SIGN_IN_BACKOFF,
  rules: { pair, account: { ...pair, free: 10_000 }, address: { ...pair, free: 10_000 }, device: pair },
});

describe("sign-in throttling", () => {
  it("checks the free attempts, then makes each guess from the same address wait its turn, doubling", async () => {
    const email = await newOperator();
    const throttle = memory(pairOnly({ free: 3, firstWaitSeconds: 1, maxWaitSeconds: 60 }));
    const guess = () =>
      signIn(
        { db: database.prisma, clock: systemClock },
        {
          actor: VISITOR,
          throttle,
          email,
          password: "salah-sekali-123",
          address: "203.0.113.10",
        },
      );
    const first = [];
    for (let i = 0; i < 5; i++) first.push(await guess());
    // Three free, the fourth holds a one-second turn, the fifth must wait for it.
    expect(first.map(outcome)).toEqual(["invalid", "invalid", "invalid", "invalid", "rate_limited"]);
    expect(first[4]).toEqual({ ok: false, reason: "rate_limited", retryAfterSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(outcome(await guess())).toBe("invalid");
    expect(await guess()).toEqual({ ok: false, reason: "rate_limited", retryAfterSeconds: 2 });
  });

  it("the right password during a wait also waits, then signs in and starts that address afresh", async () => {
    const email = await newOperator();
    const throttle = memory(pairOnly({ free: 1, firstWaitSeconds: 1, maxWaitSeconds: 60 }));
    const attempt = (password: string) =>
      signIn(
        { db: database.prisma, clock: systemClock },
        {
          actor: VISITOR,
          throttle,
          email,
          password,
          address: "203.0.113.11",
        },
      );
    expect(outcome(await attempt("salah-sekali-123"))).toBe("invalid");
    expect(outcome(await attempt("salah-sekali-123"))).toBe("invalid");
    expect(outcome(await attempt(PASSWORD))).toBe("rate_limited");
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await attempt(PASSWORD)).toMatchObject({ ok: true, user: { email, role: "operator" } });
    expect(outcome(await attempt("salah-sekali-123"))).toBe("invalid");
  });

  it("parallel guesses cannot outrun the count: 20 at once check exactly the free ones and one turn", async () => {
    const email = await newOperator();
    const throttle = memory(pairOnly({ free: 5, firstWaitSeconds: 30, maxWaitSeconds: 900 }));
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        signIn(
          { db: database.prisma, clock: systemClock },
          {
            actor: VISITOR,
            throttle,
            email,
            password: "salah-sekali-123",
            address: "203.0.113.12",
          },
        ),
      ),
    );
    expect(results.filter((r) => outcome(r) === "invalid")).toHaveLength(6);
    expect(results.filter((r) => outcome(r) === "rate_limited")).toHaveLength(14);
  });

  it("guesses at the operator from 100 other addresses never keep them out of an address they signed in from, and slow a new one by 30 s at most", async () => {
    const email = await newOperator();
    const throttle = memory();
    expect(
      outcome(
        await signIn(
          { db: database.prisma, clock: systemClock },
          {
            actor: VISITOR,
            throttle,
            email,
            password: PASSWORD,
            address: "198.51.100.7",
          },
        ),
      ),
    ).toBe("ok");
    for (let i = 0; i < 100; i++)
      await signIn(
        { db: database.prisma, clock: systemClock },
        {
          actor: VISITOR,
          throttle,
          email,
          password: "salah-sekali-123",
          address: `203.0.113.${100 + i}`,
        },
      );
    expect(
      await signIn(
        { db: database.prisma, clock: systemClock },
        {
          actor: VISITOR,
          throttle,
          email,
          password: PASSWORD,
          address: "198.51.100.7",
        },
      ),
    ).toMatchObject({
      ok: true,
    });
    // Whether a guess holds the account's turn just now depends on timing; either way the wait is short.
    const elsewhere = await signIn(
      { db: database.prisma, clock: systemClock },
      {
        actor: VISITOR,
        throttle,
        email,
        password: PASSWORD,
        address: "192.0.2.50",
      },
    );
    expect(["ok", "rate_limited"]).toContain(outcome(elsewhere));
    expect(elsewhere.ok || elsewhere.reason !== "rate_limited" || elsewhere.retryAfterSeconds).toBeLessThanOrEqual(30);
  });

  it("one address trying many accounts is slowed after 30 guesses", async () => {
    const throttle = memory();
    const results = [];
    for (let i = 0; i < 32; i++)
      results.push(
        await signIn(
          { db: database.prisma, clock: systemClock },
          {
            actor: VISITOR,
            throttle,
            email: `tidak-ada-${i}@contoh.id`,
            password: "salah-sekali-123",
            address: "203.0.113.13",
          },
        ),
      );
    expect(results.slice(0, 31).map(outcome)).toEqual(Array(31).fill("invalid"));
    expect(results[31]).toEqual({ ok: false, reason: "rate_limited", retryAfterSeconds: 60 });
  });

  it("a deactivated practitioner's right password does not sign them in", async () => {
    const email = await newOperator();
    const user = await database.prisma.user.update({ where: { email }, data: { role: "practitioner" } });
    await database.prisma.practitioner.create({ data: { id: `prk_${user.id}`, userId: user.id, name: "Nonaktif", active: false } });
    expect(
      outcome(
        await signIn(
          { db: database.prisma, clock: systemClock },
          {
            actor: VISITOR,
            throttle: memory(),
            email,
            password: PASSWORD,
            address: "203.0.113.14",
          },
        ),
      ),
    ).toBe("invalid");
  });
});

describe.runIf(testDatabaseKind === "postgres")("sign-in throttling on PostgreSQL", () => {
  it("two app instances share the counts: guesses through one make the other wait", async () => {
    const email = await newOperator();
    const { pools, close } = instancePools(database, 2);
    try {
      const [a, b] = pools.map((pool) => new SignInThrottle({ kind: "postgres", pool }));
      const guess = (throttle: SignInThrottle) =>
        signIn(
          { db: database.prisma, clock: systemClock },
          {
            actor: VISITOR,
            throttle,
            email,
            password: "salah-sekali-123",
            address: "203.0.113.15",
          },
        );
      const results = [];
      for (let i = 0; i < 3; i++) results.push(await guess(a!), await guess(b!));
      results.push(await guess(a!), await guess(b!));
      expect(results.map(outcome)).toEqual([
        "invalid",
        "invalid",
        "invalid",
        "invalid",
        "invalid",
        "invalid",
        "rate_limited",
        "rate_limited",
      ]);
      expect(await database.prisma.rateLimit.count({ where: { key: { contains: email } } })).toBe(0);
    } finally {
      await close();
    }
  });

  it("20 parallel guesses through two instances check exactly the free ones and one turn", async () => {
    const email = await newOperator();
    const { pools, close } = instancePools(database, 2);
    try {
      const policy = pairOnly({ free: 5, firstWaitSeconds: 30, maxWaitSeconds: 900 });
      const throttles = pools.map((pool) => new SignInThrottle({ kind: "postgres", pool }, policy));
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          signIn(
            { db: database.prisma, clock: systemClock },
            {
              actor: VISITOR,
              throttle: throttles[i % 2]!,
              email,
              password: "salah-sekali-123",
              address: "203.0.113.16",
            },
          ),
        ),
      );
      expect(results.filter((r) => outcome(r) === "invalid")).toHaveLength(6);
    } finally {
      await close();
    }
  });
});

describe("sign-in timing", () => {
  it("checks exactly one password hash for an unknown e-mail, as for a wrong password, so both cost the same", async () => {
    const email = `timing-${Date.now()}@contoh.id`;
    await createUser(
      { db: database.prisma, passwordHashing: TEST_PASSWORD_HASHING },
      {
        input: { email, password: PASSWORD, role: "operator" },
        actor: SEED,
      },
    );
    const throttle = memory();
    const unknown = countingHasher();
    expect(
      outcome(
        await signIn(
          { db: database.prisma, clock: systemClock, passwordHashing: unknown },
          {
            actor: VISITOR,
            throttle,
            email: `tidak-ada-${email}`,
            password: PASSWORD,
            address: "203.0.113.70",
          },
        ),
      ),
    ).toBe("invalid");
    const wrong = countingHasher();
    expect(
      outcome(
        await signIn(
          { db: database.prisma, clock: systemClock, passwordHashing: wrong },
          {
            actor: VISITOR,
            throttle,
            email,
            password: "salah-sekali-123",
            address: "203.0.113.71",
          },
        ),
      ),
    ).toBe("invalid");
    expect(unknown.verified).toEqual([null]);
    expect(wrong.verified).toHaveLength(1);
    expect(wrong.verified[0]).toMatch(/^\$argon2id\$/);
    expect(unknown.hashes + wrong.hashes).toBe(0);
  });
});

describe("device cookies", () => {
  const key = deviceCookieKey("rahasia-uji-perangkat-0123456789");
  const deps = () => ({ db: database.prisma, clock: systemClock, passwordHashing: TEST_PASSWORD_HASHING });
  // Waits long enough that no test run outlasts one: whether a try is refused never depends on the clock.
  const patient: SignInBackoffPolicy = {
    ...SIGN_IN_BACKOFF,
    rules: {
      pair: { free: 5, firstWaitSeconds: 600, maxWaitSeconds: 600 },
      account: { free: 10, firstWaitSeconds: 600, maxWaitSeconds: 600 },
      address: { free: 30, firstWaitSeconds: 600, maxWaitSeconds: 600 },
      device: { free: 5, firstWaitSeconds: 600, maxWaitSeconds: 600 },
    },
  };
  const cheapOperator = async () => {
    const email = `perangkat${++accounts}-${Date.now()}@contoh.id`;
    await createUser(deps(), { input: { email, password: PASSWORD, role: "operator" }, actor: SEED });
    return email;
  };

  it("the owner's device gets in from a sprayed new address, while a device never used before stays throttled", async () => {
    const email = await cheapOperator();
    const throttle = new SignInThrottle({ kind: "memory" }, patient);
    const first = await signIn(deps(), {
      actor: VISITOR,
      throttle,
      email,
      password: PASSWORD,
      address: "198.51.100.20",
      device: { key, cookie: undefined },
    });
    expect(first).toMatchObject({ ok: true, deviceCookie: expect.any(String) });
    const cookie = first.ok ? first.deviceCookie : undefined;

    // Password spraying: the owner's account from 40 addresses, and 40 accounts from the owner's new address.
    for (let i = 0; i < 40; i++)
      await signIn(deps(), {
        actor: VISITOR,
        throttle,
        email,
        password: "salah-sekali-123",
        address: `203.0.113.${100 + i}`,
      });
    for (let i = 0; i < 40; i++)
      await signIn(deps(), {
        actor: VISITOR,
        throttle,
        email: `orang${i}@contoh.id`,
        password: "salah-sekali-123",
        address: "192.0.2.80",
      });

    const newDevice = await signIn(deps(), {
      actor: VISITOR,
      throttle,
      email,
      password: PASSWORD,
      address: "192.0.2.81",
      device: { key, cookie: undefined },
    });
    expect(outcome(newDevice)).toBe("rate_limited");
    const sameAddressNoCookie = await signIn(deps(), {
      actor: VISITOR,
      throttle,
      email,
      password: PASSWORD,
      address: "192.0.2.80",
      device: { key, cookie: undefined },
    });
    expect(outcome(sameAddressNoCookie)).toBe("rate_limited");
    const owner = await signIn(deps(), {
      actor: VISITOR,
      throttle,
      email,
      password: PASSWORD,
      address: "192.0.2.80",
      device: { key, cookie },
    });
    expect(owner).toMatchObject({ ok: true, user: { email }, deviceCookie: expect.any(String) });
    expect(owner.ok && owner.deviceCookie).not.toBe(cookie);
  });

  it("a device cookie trusts only its own account and key, and its own wrong guesses still slow it", async () => {
    const [mine, theirs] = [await cheapOperator(), await cheapOperator()];
    const throttle = new SignInThrottle({ kind: "memory" }, patient);
    const signedIn = await signIn(deps(), {
      actor: VISITOR,
      throttle,
      email: mine,
      password: PASSWORD,
      address: "198.51.100.30",
      device: { key, cookie: undefined },
    });
    const cookie = signedIn.ok ? signedIn.deviceCookie : undefined;
    for (let i = 0; i < 12; i++)
      await signIn(deps(), {
        actor: VISITOR,
        throttle,
        email: theirs,
        password: "salah-sekali-123",
        address: `203.0.113.${200 + i}`,
      });
    // Another account's cookie, or one signed with another key, is no device at all.
    expect(
      outcome(
        await signIn(deps(), {
          actor: VISITOR,
          throttle,
          email: theirs,
          password: PASSWORD,
          address: "198.51.100.31",
          device: { key, cookie },
        }),
      ),
    ).toBe("rate_limited");
    const otherKey = deviceCookieKey("kunci-lain-0123456789");
    for (let i = 0; i < 12; i++)
      await signIn(deps(), {
        actor: VISITOR,
        throttle,
        email: mine,
        password: "salah-sekali-123",
        address: `203.0.113.${220 + i}`,
      });
    expect(
      outcome(
        await signIn(deps(), {
          actor: VISITOR,
          throttle,
          email: mine,
          password: PASSWORD,
          address: "198.51.100.32",
          device: { key: otherKey, cookie },
        }),
      ),
    ).toBe("rate_limited");

    const guesses = [];
    for (let i = 0; i < 7; i++)
      guesses.push(
        outcome(
          await signIn(deps(), {
            actor: VISITOR,
            throttle,
            email: mine,
            password: "salah-sekali-123",
            address: "198.51.100.33",
            device: { key, cookie },
          }),
        ),
      );
    expect(guesses).toEqual(["invalid", "invalid", "invalid", "invalid", "invalid", "invalid", "rate_limited"]);
  });

  describe("a new device while guesses from many addresses hold the account back", () => {
    const at = new Date("2026-11-29T08:00:00Z");
    const PUBLIC_URL = "https://kuasa.contoh.id";
    const depsAt = (now: Date) => ({ ...deps(), clock: fixedClock(now), publicUrl: PUBLIC_URL });
    const later = (minutes: number) => new Date(at.getTime() + minutes * 60_000);
    const noCookie = { key, cookie: undefined };

    /** 40 wrong guesses at `email`, each from an address of its own and without a device, as the flood. */
    async function flood(throttle: SignInThrottle, email: string) {
      const outcomes = [];
      for (let i = 0; i < 40; i++)
        outcomes.push(
          outcome(
            await signIn(depsAt(at), {
              actor: VISITOR,
              throttle,
              email,
              password: "salah-sekali-123",
              address: `203.0.113.${i}`,
              device: noCookie,
            }),
          ),
        );
      return outcomes;
    }

    async function linkIn(email: string): Promise<string> {
      const mails = await database.prisma.emailMessage.findMany({ where: { toAddress: email } });
      expect(mails).toHaveLength(1);
      const url = new URL(/https:\/\/\S+/.exec(mails[0]!.text)![0]);
      expect(url.origin + url.pathname).toBe(`${PUBLIC_URL}/masuk`);
      return url.searchParams.get("perangkat")!;
    }

    it("the owner with the right password is refused from a new device, is e-mailed one device link, and with it gets in at once", async () => {
      const email = await cheapOperator();
      const throttle = new SignInThrottle({ kind: "memory" }, patient);
      // Ten free guesses and one that takes the account's turn; the rest wait for it.
      expect(await flood(throttle, email)).toEqual([...Array(11).fill("invalid"), ...Array(29).fill("rate_limited")]);

      // The owner's new device, right password, six tries: each refused, each pointing at the e-mailed link.
      for (let i = 0; i < 6; i++)
        expect(
          await signIn(depsAt(later(i)), {
            actor: VISITOR,
            throttle,
            email,
            password: PASSWORD,
            address: "198.51.100.60",
            device: noCookie,
          }),
        ).toEqual({
          ok: false,
          reason: "rate_limited",
          retryAfterSeconds: expect.any(Number),
          deviceLink: true,
        });
      // One e-mail for the whole attack (the attackers' first refusal sent it), whoever asked after.
      const link = await linkIn(email);

      // Opened on the new device within the hour: the right password signs in, whatever the attack does.
      const owner = await signIn(depsAt(later(50)), {
        actor: VISITOR,
        throttle,
        email,
        password: PASSWORD,
        address: "198.51.100.60",
        device: { ...noCookie, link },
      });
      expect(owner).toMatchObject({ ok: true, user: { email }, deviceCookie: expect.any(String) });
      // And from then on the device's cookie does, as any known device's.
      const cookie = owner.ok ? owner.deviceCookie : undefined;
      expect(
        await signIn(depsAt(later(600)), {
          actor: VISITOR,
          throttle,
          email,
          password: PASSWORD,
          address: "198.51.100.61",
          device: { key, cookie },
        }),
      ).toMatchObject({ ok: true });
    });

    it("wrong passwords stay throttled: without a link as before, and with the link on its own lane, as a device's", async () => {
      const email = await cheapOperator();
      const throttle = new SignInThrottle({ kind: "memory" }, patient);
      await flood(throttle, email);
      const link = await linkIn(email);
      expect(
        outcome(
          await signIn(depsAt(at), {
            actor: VISITOR,
            throttle,
            email,
            password: "tebakan-baru-123",
            address: "203.0.113.99",
            device: noCookie,
          }),
        ),
      ).toBe("rate_limited");
      const withLink = [];
      for (let i = 0; i < 7; i++)
        withLink.push(
          outcome(
            await signIn(depsAt(at), {
              actor: VISITOR,
              throttle,
              email,
              password: `tebakan-${i}-123`,
              address: `203.0.113.${150 + i}`,
              device: { ...noCookie, link },
            }),
          ),
        );
      expect(withLink).toEqual(["invalid", "invalid", "invalid", "invalid", "invalid", "invalid", "rate_limited"]);
      expect(await database.prisma.emailMessage.count({ where: { toAddress: email } })).toBe(1);
    });

    it("a link past its hour, or another account's, is no device: the attempt is held back like any new device", async () => {
      const [email, other] = [await cheapOperator(), await cheapOperator()];
      const throttle = new SignInThrottle({ kind: "memory" }, patient);
      await flood(throttle, email);
      await flood(throttle, other);
      const link = await linkIn(email);
      const otherLink = await linkIn(other);
      expect(
        outcome(
          await signIn(depsAt(later(60)), {
            actor: VISITOR,
            throttle,
            email,
            password: PASSWORD,
            address: "198.51.100.62",
            device: { ...noCookie, link },
          }),
        ),
      ).toBe("rate_limited");
      expect(
        outcome(
          await signIn(depsAt(at), {
            actor: VISITOR,
            throttle,
            email,
            password: PASSWORD,
            address: "198.51.100.62",
            device: { ...noCookie, link: otherLink },
          }),
        ),
      ).toBe("rate_limited");
    });

    it("answers an unknown e-mail under the same flood the same way, and e-mails nobody", async () => {
      const email = `tidak-ada-${++accounts}@contoh.id`;
      const throttle = new SignInThrottle({ kind: "memory" }, patient);
      await flood(throttle, email);
      expect(
        await signIn(depsAt(at), {
          actor: VISITOR,
          throttle,
          email,
          password: PASSWORD,
          address: "198.51.100.63",
          device: noCookie,
        }),
      ).toMatchObject({
        deviceLink: true,
      });
      expect(await database.prisma.emailMessage.count({ where: { toAddress: email } })).toBe(0);
    });

    it("without a device key (nothing to sign links with) it is refused as before, with no link", async () => {
      const email = await cheapOperator();
      const throttle = new SignInThrottle({ kind: "memory" }, patient);
      for (let i = 0; i < 40; i++)
        await signIn(depsAt(at), {
          actor: VISITOR,
          throttle,
          email,
          password: "salah-sekali-123",
          address: `203.0.113.${i}`,
        });
      const refused = await signIn(depsAt(at), {
        actor: VISITOR,
        throttle,
        email,
        password: PASSWORD,
        address: "198.51.100.64",
      });
      expect(refused).toEqual({ ok: false, reason: "rate_limited", retryAfterSeconds: expect.any(Number) });
      expect(await database.prisma.emailMessage.count({ where: { toAddress: email } })).toBe(0);
    });
  });
});

describe("a full hashing queue", () => {
  it("answers sign-in with a short wait and counts nothing against the account, so the owner is not slowed by a flood", async () => {
    const email = `sibuk-${Date.now()}@contoh.id`;
    await createUser(
      { db: database.prisma, passwordHashing: TEST_PASSWORD_HASHING },
      {
        input: { email, password: PASSWORD, role: "operator" },
        actor: SEED,
      },
    );
    const throttle = memory(pairOnly({ free: 2, firstWaitSeconds: 600, maxWaitSeconds: 600 }));
    const busy = {
      db: database.prisma,
      clock: systemClock,
      passwordHashing: {
        hash: () => Promise.reject(new AppError("RATE_LIMITED", "sibuk")),
        verify: () => Promise.reject(new AppError("RATE_LIMITED", "sibuk")),
      },
    };
    for (let i = 0; i < 5; i++)
      expect(
        await signIn(busy, {
          actor: VISITOR,
          throttle,
          email,
          password: PASSWORD,
          address: "203.0.113.77",
        }),
      ).toEqual({
        ok: false,
        reason: "rate_limited",
        retryAfterSeconds: 2,
      });
    const deps = { db: database.prisma, clock: systemClock, passwordHashing: TEST_PASSWORD_HASHING };
    expect(
      outcome(
        await signIn(deps, {
          actor: VISITOR,
          throttle,
          email,
          password: "salah-sekali-123",
          address: "203.0.113.77",
        }),
      ),
    ).toBe("invalid");
    expect(
      outcome(
        await signIn(deps, {
          actor: VISITOR,
          throttle,
          email,
          password: PASSWORD,
          address: "203.0.113.77",
        }),
      ),
    ).toBe("ok");
  });
});

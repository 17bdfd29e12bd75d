import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER } from "@/server/domain/access/client-address";
import { systemClock } from "@/server/domain/clock";
import { ApiRateLimiter } from "@/server/services/access";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { countingHasher } from "@/test/passwords";
import { codeOf, portalCaller } from "@/test/portal";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.destroy();
});

const password = "p".repeat(200);

describe("accepting an invitation without a session", () => {
  it("is limited per client address and per token before any lookup or hash, and hashes nothing for made-up tokens", async () => {
    const rateLimiter = new ApiRateLimiter(
      { kind: "memory" },
      { reads: 1_000, writes: 1_000, windowSeconds: 60, hashingPerAddress: 3, hashingPerTarget: 2 },
    );
    const hasher = countingHasher();
    const from = (address: string) =>
      portalCaller({ db: database.prisma, clock: systemClock, rateLimiter, passwordHashing: hasher }, null, {
        [CLIENT_ADDRESS_HEADER]: address,
      });
    const accept = (address: string, token: string) => from(address).invitation.accept({ token, name: "Penyerang", password });

    for (let i = 0; i < 3; i++) expect(await codeOf(accept("203.0.113.90", `karangan-${i}`))).toBe("NOT_FOUND");
    expect(await codeOf(accept("203.0.113.90", "karangan-lain"))).toBe("RATE_LIMITED");
    expect(await codeOf(accept("203.0.113.91", "karangan-lain"))).toBe("NOT_FOUND");

    // One token from many addresses.
    expect(await codeOf(accept("198.51.100.1", "satu-token"))).toBe("NOT_FOUND");
    expect(await codeOf(accept("198.51.100.2", "satu-token"))).toBe("NOT_FOUND");
    expect(await codeOf(accept("198.51.100.3", "satu-token"))).toBe("RATE_LIMITED");
    expect(hasher.hashes).toBe(0);
  });
});

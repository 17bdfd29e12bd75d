import { verify } from "@node-rs/argon2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED } from "@/server/domain/access/actor";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { createPractitioner, createUser } from "./users";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.destroy();
});

describe("stored passwords", () => {
  // The one test at production's cost: these deps name no passwordHashing, as production's do not.
  it("are argon2id hashes at OWASP's parameters (19 MiB, 2 passes, 1 lane) that verify only the password, for every kind of user", async () => {
    const { id: operatorId } = await createUser(
      { db: database.prisma },
      { input: { email: "hash-op@contoh.id", password: "rahasia-sekali-123", role: "operator" }, actor: SEED },
    );
    await createPractitioner(
      { db: database.prisma },
      { input: { email: "hash-prk@contoh.id", password: "rahasia-sekali-456", name: "Praktisi" }, actor: SEED },
    );
    const stored = await database.prisma.user.findMany({ where: { email: { startsWith: "hash-" } }, orderBy: { email: "asc" } });
    expect(stored).toHaveLength(2);
    for (const user of stored) expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const operator = stored.find((user) => user.id === operatorId)!;
    expect(await verify(operator.passwordHash, "rahasia-sekali-123")).toBe(true);
    expect(await verify(operator.passwordHash, "rahasia-sekali-124")).toBe(false);
  });
});

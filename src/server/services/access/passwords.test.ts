import { describe, expect, it } from "vitest";
import { TEST_PASSWORD_HASHING } from "@/test/passwords";
import { hashPassword, verifyPassword } from "./passwords";

// Production's parameters are hashed and verified once, in users.db.test.ts (through createUser).
describe("password hashes", () => {
  it("carry the cost they were made at, so a hash made at another cost still verifies, and only its password", async () => {
    const stored = await hashPassword({ passwordHashing: TEST_PASSWORD_HASHING }, "rahasia-sekali-123");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword(stored, "rahasia-sekali-123")).toBe(true);
    expect(await verifyPassword(stored, "rahasia-sekali-124")).toBe(false);
  });

  it("never match a stored value that is not an argon2 hash", async () => {
    expect(await verifyPassword("!simulated", "rahasia-sekali-123")).toBe(false);
    expect(await verifyPassword("", "")).toBe(false);
  });
});

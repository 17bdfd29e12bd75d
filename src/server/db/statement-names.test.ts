import { describe, expect, it } from "vitest";
import { preparedStatementNames } from "./statement-names";

const query = (sql: string) => ({ sql });

describe("preparedStatementNames", () => {
  it("names a text on its third call and gives it the same name ever after", () => {
    const nameOf = preparedStatementNames(10);
    expect([nameOf(query("SELECT 1")), nameOf(query("SELECT 1"))]).toEqual(["", ""]);
    const name = nameOf(query("SELECT 1"));
    expect(name).toMatch(/^kuasa_\d+$/);
    expect(nameOf(query("SELECT 1"))).toBe(name);
  });

  it("never gives one name to two texts", () => {
    const nameOf = preparedStatementNames(10, 1);
    const names = ["SELECT 1", "SELECT 2", "SELECT 3"].map((sql) => nameOf(query(sql)));
    expect(new Set(names).size).toBe(3);
  });

  it("names no more than the limit; later texts stay unnamed and earlier names stay", () => {
    const nameOf = preparedStatementNames(2, 1);
    const first = nameOf(query("SELECT 1"));
    nameOf(query("SELECT 2"));
    expect(nameOf(query("SELECT 3"))).toBe("");
    expect(nameOf(query("SELECT 3"))).toBe("");
    expect(nameOf(query("SELECT 1"))).toBe(first);
  });

  it("does not name texts seen once each, however many there are", () => {
    const nameOf = preparedStatementNames(10);
    for (let n = 0; n < 5_000; n++) expect(nameOf(query(`INSERT … VALUES ${"(?)".repeat(n)}`))).toBe("");
  });
});

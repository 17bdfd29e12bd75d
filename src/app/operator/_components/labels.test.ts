import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COST_TRANSITIONS } from "@/server/domain/orders/cost-state";
import { ORDER_TRANSITIONS } from "@/server/domain/orders/order-state";
import { AUDIT_ACTION_LABEL } from "./labels";

/** Every source file of the server, tests aside. */
function serverSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return serverSources(file);
    return file.endsWith(".ts") && !file.endsWith(".test.ts") ? [file] : [];
  });
}

describe("the audit log's action names", () => {
  it("has an Indonesian name for every action the server writes, so the console never shows a raw code", () => {
    const written = new Set<string>();
    for (const file of serverSources(path.resolve(import.meta.dirname, "../../../server")))
      for (const match of readFileSync(file, "utf8").matchAll(/action: "([a-z_]+\.[a-z_]+)"/g)) written.add(match[1]!);
    // Actions written from a table: every order and cost step, and an organisation's two statuses.
    for (const t of ORDER_TRANSITIONS) written.add(`order.${t.trigger}`);
    for (const t of COST_TRANSITIONS) written.add(`cost.${t.trigger}`);
    for (const status of ["aktif", "ditangguhkan"]) written.add(`organization.${status}`);
    expect(written.size).toBeGreaterThan(40);
    expect([...written].filter((action) => !AUDIT_ACTION_LABEL[action]).sort()).toEqual([]);
  });
});

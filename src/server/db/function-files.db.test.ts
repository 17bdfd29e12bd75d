import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import {
  describeDrift,
  driftMigrationSql,
  type FunctionFile,
  functionDrift,
  installedFunctions,
  readFunctionFiles,
} from "./function-files";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.destroy();
});

const files = readFunctionFiles();
const fileOf = (name: string): FunctionFile => files.find((f) => f.name === name)!;

/** A copy of a function file with one text replaced (the replaced text must be there). */
function edited(file: FunctionFile, from: string, to: string): FunctionFile {
  expect(file.sql).toContain(from);
  return { ...file, sql: file.sql.replace(from, to) };
}

describe("prisma/functions: one file per kuasa_* function, as the migrations install it", () => {
  it("has the files of the money path", () => {
    expect(files.map((f) => f.name)).toEqual([
      "kuasa_change_order_status",
      "kuasa_charge_key_spend",
      "kuasa_claim_idempotency_key",
      "kuasa_place_order",
      "kuasa_record_event",
      "kuasa_transfer",
      "kuasa_transfers",
    ]);
  });

  it("every file's function is installed by the migrations exactly: body, arguments, result, language, attributes", async () => {
    const drifts = await database.withConnection((c) => functionDrift(c, files));
    expect(
      drifts.map((d) => `${d.name}: ${d.differences.join(", ")}`),
      describeDrift(drifts),
    ).toEqual([]);
  });

  it("every kuasa_* function in the database has a file, and every file a function", async () => {
    const installed = await database.withConnection((c) => installedFunctions(c));
    expect(installed.map((d) => d.name).sort()).toEqual(files.map((f) => f.name).sort());
  });

  it("tells an edited body, a changed result, a function without a file and a file not installed, each with what to do", async () => {
    const body = edited(fileOf("kuasa_transfers"), "RETURN NULL;", "RETURN NULL; -- edited");
    const result = edited(fileOf("kuasa_charge_key_spend"), "OUT spent_before bigint", "OUT spent_before numeric");
    const added: FunctionFile = {
      name: "kuasa_added",
      file: "prisma/functions/kuasa_added.sql",
      sql: `CREATE OR REPLACE FUNCTION "kuasa_added"() RETURNS integer LANGUAGE sql AS $$ SELECT 1 $$;`,
    };
    const others = files.filter((f) => !["kuasa_transfers", "kuasa_charge_key_spend", "kuasa_record_event"].includes(f.name));
    const drifts = await database.withConnection((c) => functionDrift(c, [...others, body, result, added]));
    expect(drifts.map((d) => [d.name, d.differences])).toEqual([
      ["kuasa_transfers", ["source"]],
      // An OUT parameter is part of the arguments pg_get_function_arguments lists; the result stays "record".
      ["kuasa_charge_key_spend", ["arguments"]],
      ["kuasa_added", ["not installed"]],
      ["kuasa_record_event", ["no file"]],
    ]);
    const message = describeDrift(drifts);
    expect(message).toContain(
      "kuasa_transfers: prisma/functions/kuasa_transfers.sql differs from what the migrations install (source). If you changed the file on purpose, run `npm run db:new-migration -- <name>`",
    );
    expect(message).toContain(
      "kuasa_added: prisma/functions/kuasa_added.sql is not installed by any migration. Run `npm run db:new-migration -- <name>`",
    );
    expect(message).toContain("kuasa_record_event: the migrations install it but prisma/functions has no kuasa_record_event.sql.");
  });

  it("the migration SQL it writes for drifted files installs them, dropping a function whose signature changes", async () => {
    const scratch = await createTestDatabase();
    try {
      const body = edited(fileOf("kuasa_transfers"), "RETURN NULL;", "RETURN NULL; -- edited");
      const signature = edited(fileOf("kuasa_charge_key_spend"), "OUT spent_before bigint", "OUT spent_before numeric");
      const changed = [...files.filter((f) => f !== fileOf("kuasa_transfers") && f !== fileOf("kuasa_charge_key_spend")), body, signature];
      const sql = await scratch.withConnection(async (c) => driftMigrationSql(await functionDrift(c, changed)));
      expect(sql).toContain(
        `DROP FUNCTION "kuasa_charge_key_spend"(api_key_id text, spend_month timestamp without time zone, amount bigint, budget bigint`,
      );
      expect(sql).not.toContain(`DROP FUNCTION "kuasa_transfers"`);
      expect(sql).not.toContain('FUNCTION "kuasa_place_order"');
      await scratch.withConnection((c) => c.execScript(sql));
      expect(await scratch.withConnection((c) => functionDrift(c, changed))).toEqual([]);
      // And the real files now differ from that database, in exactly those two.
      expect((await scratch.withConnection((c) => functionDrift(c, files))).map((d) => d.name).sort()).toEqual([
        "kuasa_charge_key_spend",
        "kuasa_transfers",
      ]);
    } finally {
      await scratch.destroy();
    }
  });
});

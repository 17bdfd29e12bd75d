import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Connection } from "./client";
import { findPrismaDir } from "./migrate";

/**
 * prisma/functions: the current body of every kuasa_* SQL function, one file each
 * (`<name>.sql`, one `CREATE OR REPLACE FUNCTION "<name>"(…)` statement after a header comment).
 * The migrations stay the history that installs them; the drift check here says whether what the
 * migrations install is what the files say, and prisma/new-migration.ts writes the statements of
 * the files that differ into a new migration. Only tests and that script read these files: the
 * server never does (it runs the migrations).
 */
export interface FunctionFile {
  /** The function's name, which is the file's name without .sql. */
  name: string;
  /** The path relative to the project, for messages. */
  file: string;
  sql: string;
}

/** The function files in name order; each must create the function it is named after. */
export function readFunctionFiles(dir = findPrismaDir("functions")): FunctionFile[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((f) => {
      const name = f.slice(0, -".sql".length);
      const file = path.join(path.basename(path.dirname(dir)), path.basename(dir), f);
      const sql = readFileSync(path.join(dir, f), "utf8");
      const creates = [...sql.matchAll(/^\s*CREATE\s+(OR\s+REPLACE\s+)?FUNCTION\s+"?([\w.]+)"?\s*\(/gim)];
      if (creates.length !== 1 || !creates[0]![1] || creates[0]![2] !== name) {
        throw new Error(`${file} must hold exactly one CREATE OR REPLACE FUNCTION "${name}"(…), unqualified by a schema.`);
      }
      return { name, file, sql };
    });
}

/** What pg_proc says about a function, every part a migration can change. */
export interface FunctionDefinition {
  name: string;
  arguments: string;
  /** The argument types that identify it (for DROP FUNCTION). */
  identityArguments: string;
  result: string;
  language: string;
  volatility: string;
  strict: boolean;
  securityDefiner: boolean;
  config: string[] | null;
  /** The body between the dollar quotes, byte for byte. */
  source: string;
}

const DEFINITIONS_SQL = `
SELECT p.proname AS "name", pg_get_function_arguments(p.oid) AS "arguments", pg_get_function_identity_arguments(p.oid) AS "identityArguments",
       pg_get_function_result(p.oid) AS "result", l.lanname AS "language", p.provolatile::text AS "volatility", p.proisstrict AS "strict",
       p.prosecdef AS "securityDefiner", p.proconfig AS "config", p.prosrc AS "source"
FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace JOIN pg_language l ON l.oid = p.prolang
WHERE n.nspname = $1 AND p.proname LIKE 'kuasa\\_%'
ORDER BY p.proname, pg_get_function_identity_arguments(p.oid)`;

/** The kuasa_* functions installed in the connection's current schema (where the migrations put them). */
export async function installedFunctions(connection: Connection): Promise<FunctionDefinition[]> {
  const [{ schema }] = (await connection.queryRows<{ schema: string }>(`SELECT current_schema() AS "schema"`)) as [{ schema: string }];
  return connection.queryRows<FunctionDefinition>(DEFINITIONS_SQL, [schema]);
}

const SCRATCH_SCHEMA = "kuasa_function_files";

/**
 * The definitions the files make, read back from pg_proc: each file runs in a scratch schema put
 * first on the search path (so its unqualified CREATE lands there, and the tables it names resolve
 * to the real ones), inside a transaction that is rolled back. Nothing stays.
 */
async function fileDefinitions(connection: Connection, files: FunctionFile[]): Promise<FunctionDefinition[]> {
  const [{ schema }] = (await connection.queryRows<{ schema: string }>(`SELECT current_schema() AS "schema"`)) as [{ schema: string }];
  await connection.execScript(`BEGIN; CREATE SCHEMA "${SCRATCH_SCHEMA}"; SET LOCAL search_path = "${SCRATCH_SCHEMA}", "${schema}";`);
  try {
    for (const f of files) {
      await connection.execScript(f.sql).catch((err: unknown) => {
        throw new Error(`${f.file} does not run: ${(err as Error).message}`, { cause: err });
      });
    }
    return await connection.queryRows<FunctionDefinition>(DEFINITIONS_SQL, [SCRATCH_SCHEMA]);
  } finally {
    await connection.execScript("ROLLBACK;");
  }
}

/** A function whose file and installed definition disagree (or that has only one of the two). */
export interface FunctionDrift {
  name: string;
  /** null: a kuasa_* function the migrations install has no file. */
  file: FunctionFile | null;
  /** null: the migrations do not install the file's function. */
  installed: FunctionDefinition | null;
  /** The parts that differ, e.g. ["source", "result"], or ["no file"] / ["not installed"] / ["overloaded"]. */
  differences: string[];
}

const COMPARED = ["arguments", "result", "language", "volatility", "strict", "securityDefiner", "config", "source"] as const;

/** Every disagreement between prisma/functions and the database's kuasa_* functions; [] when none. */
export async function functionDrift(connection: Connection, files = readFunctionFiles()): Promise<FunctionDrift[]> {
  const installed = await installedFunctions(connection);
  const wanted = await fileDefinitions(connection, files);
  const drifts: FunctionDrift[] = [];
  for (const file of files) {
    const want = wanted.find((d) => d.name === file.name)!;
    const have = installed.filter((d) => d.name === file.name);
    if (have.length === 0) drifts.push({ name: file.name, file, installed: null, differences: ["not installed"] });
    else if (have.length > 1)
      drifts.push({
        name: file.name,
        file,
        installed: have.find((d) => d.identityArguments !== want.identityArguments) ?? have[0]!,
        differences: ["overloaded"],
      });
    else {
      const differences = COMPARED.filter((part) => JSON.stringify(have[0]![part]) !== JSON.stringify(want[part]));
      if (differences.length > 0) drifts.push({ name: file.name, file, installed: have[0]!, differences });
    }
  }
  for (const have of installed) {
    if (!files.some((f) => f.name === have.name)) drifts.push({ name: have.name, file: null, installed: have, differences: ["no file"] });
  }
  return drifts;
}

/**
 * The statements that make the database's functions what the files say: each drifted file's
 * statement, preceded by a DROP of the installed function when its arguments or result change
 * (CREATE OR REPLACE can change neither). A function without a file is left alone (the message
 * of the drift check says what to do). "" when nothing drifted.
 */
export function driftMigrationSql(drifts: FunctionDrift[]): string {
  const parts: string[] = [];
  for (const drift of drifts) {
    if (!drift.file) continue;
    const signatureChanged =
      drift.installed !== null && drift.differences.some((d) => d === "arguments" || d === "result" || d === "overloaded");
    const drop = signatureChanged ? `DROP FUNCTION "${drift.name}"(${drift.installed!.identityArguments});\n\n` : "";
    parts.push(`-- From ${drift.file.file}\n${drop}${drift.file.sql.trimEnd()}\n`);
  }
  return parts.join("\n");
}

/** What to do about each drift, for the drift test's failure message. */
export function describeDrift(drifts: FunctionDrift[]): string {
  return drifts
    .map((d) => {
      if (!d.file) {
        return `${d.name}: the migrations install it but prisma/functions has no ${d.name}.sql. Add the file with its current body (CREATE OR REPLACE FUNCTION …), or drop the function in a new migration.`;
      }
      if (!d.installed) {
        return `${d.name}: ${d.file.file} is not installed by any migration. Run \`npm run db:new-migration -- <name>\`: it writes the file's statement into a new migration.`;
      }
      return (
        `${d.name}: ${d.file.file} differs from what the migrations install (${d.differences.join(", ")}). ` +
        `If you changed the file on purpose, run \`npm run db:new-migration -- <name>\`: it writes the file's CREATE OR REPLACE into a new migration. ` +
        `If a migration changed the function, copy its new definition into the file.`
      );
    })
    .join("\n");
}

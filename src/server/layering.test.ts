import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Which way imports may run. The faces (api, mcp, the portal pages) call services; services hold
 * the use cases and know neither sessions nor the job engine nor the faces; the domain is pure
 * rules. Tests are left out: they wire layers together on purpose.
 */
const src = path.resolve(import.meta.dirname, "..");

/** Every non-test TypeScript source under `dir` (a path from src/). */
function sources(dir: string): string[] {
  return readdirSync(path.join(src, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(dir, file).split(path.sep).join("/"));
}

// import … from "x", export … from "x", import "x", import("x")
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g;

/** What `file` (a path from src/) imports from src/, as paths from src/; packages are left out. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(src, file), "utf8");
  return [...text.matchAll(SPECIFIER)].flatMap(([, specifier]) => {
    if (specifier!.startsWith("@/")) return [specifier!.slice(2)];
    if (specifier!.startsWith(".")) return [path.posix.join(path.posix.dirname(file), specifier!)];
    return [];
  });
}

/** "file imports target" for every import of a file under `from` into any of `forbidden`. */
function violations(from: string, forbidden: readonly string[]): string[] {
  const inside = (target: string, dir: string) => target === dir || target.startsWith(`${dir}/`);
  return sources(from).flatMap((file) =>
    importsOf(file)
      .filter((target) => forbidden.some((dir) => inside(target, dir)))
      .map((target) => `${file} imports ${target}`),
  );
}

const FACES_AND_PROCESS = ["server/jobs", "server/auth", "server/api", "server/mcp", "app"];

describe("layering of src/", () => {
  it("finds the imports it checks (a regex that matched nothing would pass every rule)", () => {
    expect(importsOf("server/services/sign-in.ts")).toContain("server/domain/sign-in-backoff");
    expect(importsOf("server/services/sign-in.ts")).toContain("server/services/portal-users");
    expect(violations("server/api", ["server/services"]).length).toBeGreaterThan(0);
  });

  it("services import neither the job engine, nor sessions, nor a face", () => {
    expect(violations("server/services", FACES_AND_PROCESS)).toEqual([]);
  });

  it("the domain imports nothing of the server but the domain: no services, database, engine, sessions or faces", () => {
    const server = readdirSync(path.join(src, "server"), { withFileTypes: true })
      .map((entry) => `server/${entry.name.replace(/\.tsx?$/, "")}`)
      .filter((dir) => dir !== "server/domain");
    expect(violations("server/domain", [...server, "app"])).toEqual([]);
  });

  it("the faces and sign-in know neither the job engine nor the running process: both are handed in", () => {
    expect(violations("server/api", ["server/jobs", "server/runtime"])).toEqual([]);
    expect(violations("server/mcp", ["server/jobs", "server/runtime"])).toEqual([]);
    expect(violations("server/auth", ["server/jobs", "server/runtime"])).toEqual([]);
  });

  it("pages and components reach services and the database only through the Api face", () => {
    expect(violations("app", ["server/services", "server/db"])).toEqual([]);
  });

  it("agent keys are checked in one place: api/agent-key.ts, which agentProcedure and the /v1 and /mcp transports call", () => {
    const callers = sources("server")
      .filter((file) => file !== "server/services/api-keys.ts" && file !== "server/api/agent-key.ts")
      .filter((file) => /\bauthenticateApiKey\b/.test(readFileSync(path.join(src, file), "utf8")));
    expect(callers).toEqual([]);
  });
});

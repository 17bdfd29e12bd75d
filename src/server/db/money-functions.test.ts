import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readFunctionFiles } from "./function-files";

const SRC = path.resolve(import.meta.dirname, "../..");
const WRAPPER = path.join(SRC, "server/db/money-functions.ts");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "generated" ? [] : sourceFiles(full);
    return /\.(ts|tsx|mjs)$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [full] : [];
  });
}

describe("money-functions.ts is the only caller of the kuasa_* SQL functions", () => {
  const names = readFunctionFiles().map((f) => f.name);

  it("no other source file calls one in SQL", () => {
    const calls = sourceFiles(SRC)
      .filter((file) => file !== WRAPPER)
      .flatMap((file) => {
        const text = readFileSync(file, "utf8");
        return names.filter((name) => new RegExp(`"${name}"\\s*\\(`).test(text)).map((name) => `${path.relative(SRC, file)}: ${name}`);
      });
    expect(calls, "call it through src/server/db/money-functions.ts").toEqual([]);
  });

  it("the wrapper has a call for every function of prisma/functions", () => {
    const text = readFileSync(WRAPPER, "utf8");
    expect(names.filter((name) => !new RegExp(`"${name}"\\(`).test(text))).toEqual([]);
  });
});

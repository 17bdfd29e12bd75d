import type { AnyRouter } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { portalRouter } from "./portal";
import { baseProcedure, router } from "./trpc";
import { v1Router } from "./v1";

/**
 * Every procedure declares its answer with `.output(…)`. tRPC checks each answer against it, so a
 * field a procedure did not mean to give (a secret, a hash, a relation) fails instead of leaving;
 * /v1's OpenAPI document and the MCP tools' outputSchema are generated from it. A procedure
 * without one answers whatever its resolver returns, unchecked. The routers walked are the ones the
 * faces serve: v1Router (/v1 through REST_ROUTES, /mcp and kuasa-mcp through the tool table) and
 * portalRouter (/api/trpc and the portal pages' server caller).
 */
const FACES: ReadonlyArray<readonly [string, AnyRouter]> = [
  ["v1", v1Router],
  ["portal", portalRouter],
];

type ProcedureDef = { _def: { output?: unknown; type?: string } };

/** Output schemas that let anything through: no declaration at all, in effect. */
const DECLARES_NOTHING = new Set(["any", "unknown"]);

/** Each procedure of the router without an output schema that says something, as `face path: why`. */
function undeclaredOutputs(face: string, appRouter: AnyRouter): string[] {
  return Object.entries(appRouter._def.procedures as Record<string, ProcedureDef>).flatMap(([path, procedure]) => {
    const { output } = procedure._def;
    if (output === undefined) return [`${face} ${path} (${procedure._def.type}): no .output(…)`];
    const kind = (output as { _zod?: { def?: { type?: string } } })._zod?.def?.type;
    if (kind !== undefined && DECLARES_NOTHING.has(kind))
      return [`${face} ${path} (${procedure._def.type}): .output(z.${kind}()) checks nothing`];
    return [];
  });
}

describe("output schemas", () => {
  it("are declared by every procedure of /v1 (REST and MCP) and of the portals", () => {
    for (const [face, appRouter] of FACES) expect(Object.keys(appRouter._def.procedures).length, face).toBeGreaterThan(0);
    expect(FACES.flatMap(([face, appRouter]) => undeclaredOutputs(face, appRouter))).toEqual([]);
  });

  it("are looked for where tRPC keeps them: a procedure without one, or with z.unknown(), is named", () => {
    const sample = router({
      nested: router({ bare: baseProcedure.query(() => "x") }),
      loose: baseProcedure.output(z.unknown()).mutation(() => 1),
      declared: baseProcedure.output(z.object({ id: z.string() })).query(() => ({ id: "x" })),
    });
    expect(undeclaredOutputs("sample", sample)).toEqual([
      "sample nested.bare (query): no .output(…)",
      "sample loose (mutation): .output(z.unknown()) checks nothing",
    ]);
  });
});

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Which way imports run between the layers is checked by `npm run lint` (.dependency-cruiser.cjs);
// this is the one rule about a name rather than a module.
const server = path.resolve(import.meta.dirname, "..");

describe("agent keys", () => {
  it("are authenticated in one place: api/agent-key.ts, which agentProcedure and the /v1 and /mcp transports call", () => {
    const sources = readdirSync(server, { recursive: true, encoding: "utf8" }).filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
    );
    const callers = sources
      .map((file) => file.split(path.sep).join("/"))
      .filter((file) => /\bauthenticateApiKey\b/.test(readFileSync(path.join(server, file), "utf8")));
    expect(callers.sort()).toEqual(["api/agent-key.ts", "services/access/api-keys.ts", "services/access/index.ts"]);
  });
});

#!/usr/bin/env node
// `npx kuasa-mcp`: the stdio MCP server, run from its TypeScript source through tsx (a dependency),
// so it needs no build step; the project's tsconfig resolves the `@/` imports from any directory.
import { tsImport } from "tsx/esm/api";

await tsImport("../server/mcp/stdio.ts", {
  parentURL: import.meta.url,
  tsconfig: new URL("../../tsconfig.json", import.meta.url).pathname,
});

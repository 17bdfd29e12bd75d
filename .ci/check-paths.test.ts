import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkPaths, describeFinding } from "./check-paths";

const roots: string[] = [];

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A repository in a temporary folder: a small src/server like ours, plus `files` (path → text). */
function repository(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), "check-paths-"));
  roots.push(root);
  const all: Record<string, string> = {
    ".gitignore": "node_modules/\n.next/\nsrc/generated/\n*.tsbuildinfo\n.env\n",
    "src/server/services/orders/placement.ts": "export const placed = 1;\n",
    "src/server/services/orders/index.ts": 'export * from "./placement";\n',
    "src/server/domain/masking.ts": "export const masked = 1;\n",
    "src/app/organisasi/pesanan/[id]/page.tsx": "export default function Page() { return null; }\n",
    "docs/orders.md": "# Orders\n",
    "node_modules/trpc-to-openapi/package.json": "{}\n",
    ...files,
  };
  for (const [file, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

/** The findings of a repository as the lint step prints them. */
const report = (root: string) => checkPaths(root).map(describeFinding);

describe("the path check", () => {
  it("fails on a comment naming a path that does not exist, and passes on one naming a path that does", () => {
    const stale = repository({
      "src/server/domain/api-key.ts": "/**\n * Keys are made in services/api-keys.ts.\n */\nexport const key = 1;\n",
    });
    expect(report(stale)).toEqual(["src/server/domain/api-key.ts:2: names path services/api-keys.ts, which does not exist"]);

    const fresh = repository({
      "src/server/domain/api-key.ts": "/**\n * Orders are placed in services/orders/placement.ts.\n */\nexport const key = 1;\n",
    });
    expect(report(fresh)).toEqual([]);
  });

  it("resolves a path from the root, src/server, src, src/app, the file's folder and those above it, as a module too", () => {
    const root = repository({
      "src/server/services/orders/status.ts": [
        "// src/server/services/orders/placement.ts, services/orders/placement.ts, domain/masking.ts",
        "// server/domain/masking.ts (from src), organisasi/pesanan/[id]/page.tsx (from src/app)",
        "// ./placement.ts and ../orders/placement.ts beside it, orders/placement.ts from services/",
        "// @/server/domain/masking, services/orders (its index.ts), ./placement.js (an import's .ts)",
        "// cited as placement.ts:61, docs/orders.md#anchor, (see domain/masking.ts).",
        "export const status = 1;",
      ].join("\n"),
    });
    expect(report(root)).toEqual([]);
  });

  it("finds each stale form: from src/server, beside the file, @/, a doc cited from source, a folder", () => {
    const root = repository({
      "src/server/services/orders/status.ts": [
        "// services/orders.ts and domain/api-key.ts",
        "/* ./gone.ts, ../orders/gone.ts, @/server/gone */",
        "// docs/costs.md#a, src/server/gone/",
        "export const status = 1;",
      ].join("\n"),
    });
    expect(report(root)).toEqual([
      "src/server/services/orders/status.ts:1: names path services/orders.ts, which does not exist",
      "src/server/services/orders/status.ts:1: names path domain/api-key.ts, which does not exist",
      "src/server/services/orders/status.ts:2: names path ./gone.ts, which does not exist",
      "src/server/services/orders/status.ts:2: names path ../orders/gone.ts, which does not exist",
      "src/server/services/orders/status.ts:2: names path @/server/gone, which does not exist",
      "src/server/services/orders/status.ts:3: names path docs/costs.md, which does not exist",
      "src/server/services/orders/status.ts:3: names path src/server/gone/, which does not exist",
    ]);
  });

  it("takes no URL, package, API path, glob, template, placeholder, prose or ignored folder for a path", () => {
    const root = repository({
      "src/server/services/orders/status.ts": [
        "// https://github.com/mcampa/trpc-to-openapi/blob/main/src/adapters/node-http/core.ts and example.com/docs/x.md",
        "// @prisma/client, @trpc/server/unstable-core-do-not-import, trpc-to-openapi/dist/cjs/index.js, zod/v4",
        "// GET /v1/orders/{id}, /usr/bin/chromium, 127.0.0.1:5432/test, application/json, and/or, 401/403",
        "// src/server/services/**/*.ts, services/orders/{placement,status}.ts, prisma/migrations/<name>/migration.sql",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a comment that shows a template's path
        "// $work/missing.ts, ${dir}/missing.ts, DATA_DIR/demo-admin.txt",
        "// node_modules/missing/index.js, .next/server/app.js, src/generated/prisma/client.ts, .env",
        "export const status = 1;",
      ].join("\n"),
    });
    expect(report(root)).toEqual([]);
  });

  it("reads comments only: not strings, templates or regular expressions, even with // in them", () => {
    const root = repository({
      "src/server/services/orders/status.ts": [
        'const a = "services/gone-in-a-string.ts // not a comment";',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: source text with a template literal in it
        "const b = `services/gone.ts ${a /* domain/gone-in-a-template.ts */} // still the template`;",
        "const c = /\\/\\/ domain\\/gone.ts/.test(a) ? 1 / 2 : 3; // domain/gone-after-regexp.ts",
        "export { b, c };",
      ].join("\n"),
      "src/app/page.tsx": "export default function Page() {\n  return <a href='/x'>{/* domain/gone-in-jsx.ts */}</a>;\n}\n",
    });
    expect(report(root)).toEqual([
      "src/app/page.tsx:2: names path domain/gone-in-jsx.ts, which does not exist",
      "src/server/services/orders/status.ts:2: names path domain/gone-in-a-template.ts, which does not exist",
      "src/server/services/orders/status.ts:3: names path domain/gone-after-regexp.ts, which does not exist",
    ]);
  });

  it("reads SQL, shell, the Prisma schema and Markdown, and leaves out applied migrations", () => {
    const root = repository({
      "prisma/functions/kuasa_place_order.sql":
        "-- kuasa_place_order: decided in services/orders.ts\nCREATE FUNCTION x() AS $$ SELECT '-- services/not-a-comment.ts' $$; /* domain/gone.ts */\n",
      "prisma/migrations/20260101000000_init/migration.sql": "-- services/orders.ts: applied, its checksum recorded\n",
      "prisma/schema.prisma": 'model A {\n  b String @default("//services/not-a-comment.ts") // services/gone.ts\n}\n',
      ".ci/test": "#!/usr/bin/env bash\n# runs .ci/gone.sh\necho '# not a comment services/x.ts'\n",
      "README.md": "See [docs/gone.md](docs/gone.md) and `src/server/services/orders/placement.ts`.\n",
      "docs/files.md": "Uploads: services/files.ts.\n",
    });
    expect(report(root)).toEqual([
      ".ci/test:2: names path .ci/gone.sh, which does not exist",
      "README.md:1: names path docs/gone.md, which does not exist",
      "README.md:1: names path docs/gone.md, which does not exist",
      "docs/files.md:1: names path services/files.ts, which does not exist",
      "prisma/functions/kuasa_place_order.sql:1: names path services/orders.ts, which does not exist",
      "prisma/functions/kuasa_place_order.sql:2: names path domain/gone.ts, which does not exist",
      "prisma/schema.prisma:2: names path services/gone.ts, which does not exist",
    ]);
  });

  it("finds no comment or doc in this repository naming a missing path", () => {
    expect(checkPaths(path.resolve(import.meta.dirname, ".."))).toEqual([]);
  });
});

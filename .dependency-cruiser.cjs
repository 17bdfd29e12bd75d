/**
 * The layers of src/ and which way imports may run between them (`npm run lint:layers`, part of
 * `npm test` and CI). README's "Project layout" describes the same picture in words.
 *
 *   runtime (src/server.ts, src/server/runtime/)   the process: wires everything below
 *   app (src/app/, src/proxy.ts)                   pages; reach the server through the portal face
 *   api, mcp, auth                                 the faces: agent REST, MCP tools, portal sign-in
 *   jobs                                           job handlers and the two engines
 *   services (one folder per feature)              use cases that touch the database
 *   db, log                                        the database client and migrations; the logger
 *   domain                                         pure rules, no I/O
 *
 * Tests are left out of most rules: they wire layers together on purpose.
 */
const TESTS = "\\.test\\.tsx?$";

/** Every file under src/ belongs to one of these; a file in none of them fails `not-in-a-layer`. */
const LAYERS = [
  "^src/server\\.ts$",
  "^src/server/runtime/",
  "^src/app/",
  "^src/proxy\\.ts$",
  "^src/server/api/",
  "^src/server/mcp/",
  "^src/server/auth/",
  "^src/server/jobs/",
  "^src/server/services/",
  "^src/server/db/",
  "^src/server/log/",
  "^src/server/domain/",
  "^src/cli/",
  // The documented import path for webhook receivers (docs/webhooks.md): re-exports the domain's verifier.
  "^src/webhook-verifier\\.ts$",
  "^src/test/",
  "^src/generated/",
];

const WIRING = ["^src/server\\.ts$", "^src/server/runtime/", "^src/cli/"];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "not-in-a-layer",
      comment: "Every file under src/ belongs to one layer (see LAYERS); put a new file where its layer is.",
      severity: "error",
      from: { path: "^src/", pathNot: LAYERS },
      to: {},
    },
    {
      name: "no-circular",
      comment: "Imports run one way: a loop means two modules are one, or one of them is in the wrong place.",
      severity: "error",
      from: { path: "^src/", pathNot: TESTS },
      to: { circular: true },
    },
    {
      name: "domain-is-pure",
      comment: "The domain imports nothing of the server but itself: no services, database, engine, sessions, faces or runtime.",
      severity: "error",
      from: { path: "^src/server/domain/", pathNot: TESTS },
      to: { path: "^src/", pathNot: ["^src/server/domain/", "^src/generated/"] },
    },
    {
      name: "domain-has-no-prisma-values",
      comment: "The domain may name the database's enum types, but owns every value it needs (orders/order-state.ts owns the statuses).",
      severity: "error",
      from: { path: "^src/server/domain/", pathNot: TESTS },
      to: { path: "^src/generated/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "domain-has-no-frameworks",
      comment: "Nothing under domain/ imports Prisma, the database drivers or Next.",
      severity: "error",
      from: { path: "^src/server/domain/", pathNot: TESTS },
      to: { path: "node_modules/(@prisma|prisma|pg|@electric-sql|next|next-auth|@trpc)/" },
    },
    {
      name: "services-know-no-face-engine-or-wiring",
      comment: "Services hold the use cases: they know neither the job engine, sessions, the faces, the pages nor the running process.",
      severity: "error",
      from: { path: "^src/server/services/", pathNot: TESTS },
      to: { path: ["^src/server/(jobs|auth|api|mcp)/", "^src/app/", ...WIRING] },
    },
    {
      name: "features-through-their-index",
      comment: "A feature folder of services is used through its index.ts; only the folder itself imports its other files.",
      severity: "error",
      from: { path: "^src/(?!server/services/([^/]+)/)" },
      to: { path: "^src/server/services/[^/]+/(?!index\\.ts$)[^/]+$" },
    },
    {
      name: "features-through-their-index-between-features",
      comment: "One feature imports another only through the other's index.ts.",
      severity: "error",
      from: { path: "^src/server/services/([^/]+)/" },
      to: { path: "^src/server/services/[^/]+/(?!index\\.ts$)[^/]+$", pathNot: "^src/server/services/$1/" },
    },
    {
      name: "faces-reach-the-database-through-services",
      comment: "The agent and MCP faces call services; only a type of the database client may be named.",
      severity: "error",
      from: { path: "^src/server/(api|mcp)/", pathNot: TESTS },
      to: { path: "^src/server/db/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "mcp-does-not-use-the-rest-transport",
      comment: "MCP and REST are two transports of the same procedures; neither imports the other's.",
      severity: "error",
      from: { path: "^src/server/mcp/", pathNot: TESTS },
      to: { path: "^src/server/api/rest\\.ts$" },
    },
    {
      name: "faces-know-no-engine-or-wiring",
      comment: "The faces and sign-in know neither the job engine nor the running process: both are handed in.",
      severity: "error",
      from: { path: "^src/server/(api|mcp|auth)/", pathNot: TESTS },
      to: { path: ["^src/server/jobs/", ...WIRING] },
    },
    {
      name: "jobs-reach-the-database-through-services",
      comment: "Job handlers call services, and know nothing of the wiring: the runtime hands them their settings.",
      severity: "error",
      from: { path: "^src/server/jobs/", pathNot: TESTS },
      to: { path: ["^src/server/db/", "^src/server/(api|mcp|auth)/", "^src/app/", ...WIRING], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "pages-call-the-portal-procedures",
      comment:
        "Pages and components reach the server through the portal procedures (runtime/portal.ts, the tRPC client), never services, the database or the engine.",
      severity: "error",
      from: { path: ["^src/app/", "^src/proxy\\.ts$"], pathNot: TESTS },
      to: { path: ["^src/server/(services|db|jobs|mcp)/"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["^src/generated/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs"],
    },
  },
};

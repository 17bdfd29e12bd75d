import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { OrderStatus } from "@/generated/prisma/enums";
import { REST_ROUTES } from "@/server/api/routes";
import { createOrderSchema, orderSchema } from "@/server/api/schemas/orders/order";
import { MCP_MAX_BODY_BYTES, MCP_UPLOAD_MAX_BYTES, TOOLS, toolsFor } from "./tools";

const tool = (name: string) => {
  const found = TOOLS.find((t) => t.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
};

describe("the tool table", () => {
  it("binds every tool to its own REST procedure, once", () => {
    expect(new Set(TOOLS.map((t) => t.name)).size).toBe(TOOLS.length);
    expect(new Set(TOOLS.map((t) => t.procedure)).size).toBe(TOOLS.length);
    for (const t of TOOLS) {
      expect(t.route.procedurePath).toBe(t.procedure);
      expect(t.description, t.name).toMatch(new RegExp(`Scope: ${t.route.meta.scope}\\.$`));
    }
    expect(tool("buat_order").route).toMatchObject({ method: "POST", path: "/v1/orders" });
    expect(tool("buat_order").output).toBe(orderSchema);
  });

  it("takes buat_order's arguments from CreateOrder plus idempotency_key", () => {
    expect(Object.keys(tool("buat_order").input.shape).sort()).toEqual([...Object.keys(createOrderSchema.shape), "idempotency_key"].sort());
    expect(tool("buat_order").input.safeParse({ service: "x", intake: {}, prioritas: "tinggi" }).success).toBe(false);
    // Every agent POST but a file link takes a key (a link's url is shown once, so a retry makes another), and
    // so does no test helper (each acts on every call) nor the content check (it changes nothing); reads never do.
    for (const t of TOOLS)
      expect(Object.hasOwn(t.input.shape, "idempotency_key"), t.name).toBe(
        t.route.method === "POST" && !["tautan_berkas", "periksa_konten"].includes(t.name) && !t.sandbox,
      );
  });

  it("teaches what an agent needs to know", () => {
    for (const status of Object.values(OrderStatus)) expect(tool("status_order").description).toContain(status);
    const buat = tool("buat_order").description;
    for (const phrase of ["SAME idempotency_key", "never with a new key", "price_idr", "detail_layanan", "menunggu_bayar"])
      expect(buat).toContain(phrase);
    expect(tool("kirim_pesan").description).toContain("butuh_input_klien");
  });

  it("describes every tool's input as a closed object: an argument it does not take is refused", () => {
    const open = TOOLS.filter((t) => t.inputJsonSchema.additionalProperties !== false).map((t) => t.name);
    expect(open).toEqual([]);
  });

  it("states one upload limit in unggah_berkas's description and docs/mcp.md, and /mcp takes the largest call within it", () => {
    const docs = readFileSync(new URL("../../../docs/mcp.md", import.meta.url), "utf8");
    const kib = `${MCP_UPLOAD_MAX_BYTES / 1024} KiB`;
    expect(tool("unggah_berkas").description).toContain(`at most ${MCP_UPLOAD_MAX_BYTES} bytes (${kib}) decoded`);
    expect(docs.split("\n").find((line) => line.startsWith("| `unggah_berkas` |"))).toContain(`≤ ${kib} decoded`);
    expect(docs).toContain(`takes a file of at most ${kib} (${MCP_UPLOAD_MAX_BYTES.toLocaleString("en")} bytes)`);
    expect(docs).toContain(`takes bodies up to ${MCP_MAX_BODY_BYTES.toLocaleString("en")} bytes`);
    // The largest call an agent can make, a few bytes over the limit (so it is refused as a tool
    // result, not by HTTP), with the longest name and key, each character escaped as JSON's longest.
    const call = {
      jsonrpc: "2.0",
      id: Number.MAX_SAFE_INTEGER,
      method: "tools/call",
      params: {
        name: "unggah_berkas",
        arguments: {
          filename: "\u0001".repeat(255),
          content_base64: Buffer.alloc(MCP_UPLOAD_MAX_BYTES + 3).toString("base64"),
          idempotency_key: "\\".repeat(255),
        },
        _meta: { progressToken: "x".repeat(255) },
      },
    };
    expect(Buffer.byteLength(JSON.stringify(call))).toBeLessThan(MCP_MAX_BODY_BYTES);
  });

  it("is documented in docs/mcp.md, every tool with every argument", () => {
    const docs = readFileSync(new URL("../../../docs/mcp.md", import.meta.url), "utf8");
    for (const t of TOOLS) {
      const row = docs.split("\n").find((line) => line.startsWith(`| \`${t.name}\` |`));
      expect(row, t.name).toContain(`${t.route.method} ${t.route.path}`);
      expect(row, t.name).toContain(`\`${t.route.meta.scope}\``);
      for (const argument of Object.keys(t.input.shape)) expect(row, `${t.name} ${argument}`).toContain(`\`${argument}\``);
    }
  });
  it("passes buat_order's and ajukan_kasus's metadata to the procedure as the object it is, and a list's filter as metadata[key]", () => {
    const metadata = { run: "r-1", tiket: "T-9" };
    for (const [name, args] of [
      ["buat_order", { service: "perjanjian_kerahasiaan", intake: { a: "b" }, metadata }],
      ["ajukan_kasus", { contact_name: "Sari", contact_email: "sari@contoh.id", story: "x".repeat(40), metadata }],
    ] as const) {
      const parsed = tool(name).parseArguments({ ...args, idempotency_key: "k-1" });
      expect(parsed, name).toMatchObject({ success: true, call: { input: args, idempotencyKey: "k-1" } });
    }
    for (const name of ["daftar_order", "daftar_kasus"])
      expect(tool(name).parseArguments({ metadata, limit: 5 }), name).toMatchObject({
        success: true,
        call: { input: { limit: 5, "metadata[run]": "r-1", "metadata[tiket]": "T-9" } },
      });
  });

  it("serves the sandbox's test helpers as tools to test keys only, one tool for each", () => {
    const helpers = REST_ROUTES.filter((r) => r.procedurePath.startsWith("testHelpers.")).map((r) => r.procedurePath);
    const sandbox = TOOLS.filter((t) => t.sandbox);
    expect(sandbox.map((t) => t.procedure).sort()).toEqual([...helpers].sort());
    for (const t of sandbox) {
      expect(t.name, t.procedure).toMatch(/^uji_[a-z]+(_[a-z]+)*$/);
      expect(t.description, t.name).toContain("Sandbox only: test keys see this tool");
    }
    expect(toolsFor(false).tools).toEqual(TOOLS);
    expect(toolsFor(true).tools).toEqual(TOOLS.filter((t) => !t.sandbox));
  });

  it("describes every tool, its arguments and its answer's fields in tool names, never in REST paths; a live key's tools name no sandbox tool", () => {
    const names = new Set(TOOLS.map((t) => t.name));
    const sandboxNames = TOOLS.filter((t) => t.sandbox).map((t) => t.name);
    const descriptionsIn = (schema: unknown): string[] => JSON.stringify(schema).match(/"description":"(?:[^"\\]|\\.)*"/g) ?? [];
    for (const t of TOOLS) {
      for (const text of [t.description, ...descriptionsIn(t.inputJsonSchema), ...descriptionsIn(t.outputJsonSchema)]) {
        expect(text, t.name).not.toMatch(/\/v1\b/);
        expect(text, t.name).not.toMatch(/\b(GET|POST|PUT|PATCH|DELETE)\s+\//);
      }
      // A tool-like name (buat_order, uji_ambil_order) in a description is one of the tools.
      const named = [
        ...t.description.matchAll(
          /\b(?:uji|daftar|detail|buat|status|kirim|terima|batalkan|minta|ajukan|beri|setujui|tolak|pilih|unggah|tautan)_[a-z_]+/g,
        ),
      ];
      expect(
        named.map(([word]) => word).filter((word) => !names.has(word)),
        t.name,
      ).toEqual([]);
      if (!t.sandbox) for (const name of sandboxNames) expect(t.description, t.name).not.toContain(name);
    }
  });

  it("is counted and listed in docs/mcp.md as the tool table has it, no tool more or less", () => {
    const docs = readFileSync(new URL("../../../docs/mcp.md", import.meta.url), "utf8");
    const live = toolsFor(true).tools.length;
    const sandbox = TOOLS.length - live;
    expect(docs).toContain(`serves the agent API as ${live} MCP tools`);
    expect(docs).toContain(`a test key sees ${sandbox} more`);
    const documented = docs.split("\n").flatMap((line) => /^\| `([a-z_]+)` \|/.exec(line)?.[1] ?? []);
    expect(documented).toEqual(TOOLS.map((t) => t.name));
  });
});

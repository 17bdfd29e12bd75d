import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { OrderStatus } from "@/generated/prisma/enums";
import { createOrderSchema, orderSchema } from "@/server/api/schemas/order";
import { TOOLS } from "./tools";

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
    // Every agent POST but a file link takes a key (a link's url is shown once, so a retry makes another); reads never do.
    for (const t of TOOLS)
      expect(Object.hasOwn(t.input.shape, "idempotency_key"), t.name).toBe(t.route.method === "POST" && t.name !== "tautan_berkas");
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

  it("is documented in docs/mcp.md, every tool with every argument", () => {
    const docs = readFileSync(new URL("../../../docs/mcp.md", import.meta.url), "utf8");
    for (const t of TOOLS) {
      const row = docs.split("\n").find((line) => line.startsWith(`| \`${t.name}\` |`));
      expect(row, t.name).toContain(`${t.route.method} ${t.route.path}`);
      expect(row, t.name).toContain(`\`${t.route.meta.scope}\``);
      for (const argument of Object.keys(t.input.shape)) expect(row, `${t.name} ${argument}`).toContain(`\`${argument}\``);
    }
  });
});

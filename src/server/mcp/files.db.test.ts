import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkDownload } from "@/server/api/portal-files-http";
import { systemClock } from "@/server/domain/clock";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { SAMPLE_FILES, storedFileCount, TEST_FILES } from "@/test/files";
import { createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { startTestApi, type TestApi } from "@/test/http";
import { connectStdio, startTestMcp, type TestMcp, toolJson } from "@/test/mcp";
import { createTestPractitioner, ndaOrder } from "@/test/orders";
import { MCP_UPLOAD_MAX_BYTES } from "./tools";

let database: TestDatabase;
let mcp: TestMcp;
let api: TestApi;
let org: TestOrg;

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  await createTestPractitioner(database.prisma);
  mcp = await startTestMcp(database.prisma);
  api = await startTestApi(database.prisma);
  org = await createTestOrg(database.prisma);
});

afterAll(async () => {
  await mcp?.close();
  await api?.close();
  await database?.destroy();
});

type FileJson = { id: string; filename: string; content_type: string; size: number };
type Links = Array<{ type: string; uri: string; name: string; mimeType: string }>;

const linksOf = (result: Awaited<ReturnType<Client["callTool"]>>) =>
  (result.content as CallToolResult["content"]).filter((block) => block.type === "resource_link") as Links;

/** What a resource link's url downloads, through the same route a browser would reach. */
async function download(uri: string) {
  const url = new URL(uri);
  const answer = await linkDownload(
    new Request(url),
    { db: database.prisma, clock: systemClock, files: TEST_FILES },
    url.pathname.split("/").at(-1)!,
  );
  return { status: answer.status, body: Buffer.from(await answer.arrayBuffer()) };
}

/** What a refused upload must leave as it was: file rows, upload records, stored bytes. */
async function leftovers() {
  return { files: await database.prisma.storedFile.count(), uploads: await database.prisma.fileUpload.count(), bytes: storedFileCount() };
}

describe("documents over MCP", () => {
  it("uploads from base64, attaches the file to an order, and shows every file as a resource link that downloads it", async () => {
    const client = await mcp.connect(org.token);
    const uploaded = await client.callTool({
      name: "unggah_berkas",
      arguments: { filename: "kontrak.pdf", content_base64: SAMPLE_FILES.pdf.toString("base64"), idempotency_key: "mcp-unggah-1" },
    });
    const file = toolJson(uploaded) as FileJson;
    expect(file).toMatchObject({ filename: "kontrak.pdf", content_type: "application/pdf", size: SAMPLE_FILES.pdf.length });
    const [link] = linksOf(uploaded);
    expect(link).toMatchObject({ name: "kontrak.pdf", mimeType: "application/pdf" });
    expect(await download(link!.uri)).toEqual({ status: 200, body: SAMPLE_FILES.pdf });

    const ordered = await client.callTool({ name: "buat_order", arguments: { ...ndaOrder(), attachments: [file.id] } });
    expect((toolJson(ordered) as { attachments: FileJson[] }).attachments.map((f) => f.id)).toEqual([file.id]);
    expect(linksOf(ordered).map((l) => l.name)).toEqual(["kontrak.pdf"]);
  });

  it("refuses an executable with UNSUPPORTED_MEDIA_TYPE and keeps nothing", async () => {
    const client = await mcp.connect(org.token);
    const before = await leftovers();
    const refused = await client.callTool({
      name: "unggah_berkas",
      arguments: { filename: "kontrak.pdf", content_base64: Buffer.concat([Buffer.from("MZ"), Buffer.alloc(64)]).toString("base64") },
    });
    expect(refused.isError).toBe(true);
    expect((toolJson(refused) as { error: { code: string } }).error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    expect(await leftovers()).toEqual(before);
  });

  it("takes a file of exactly the documented limit through /mcp, and answers one byte more with PAYLOAD_TOO_LARGE as a tool result, keeping nothing", async () => {
    const client = await mcp.connect(org.token);
    const atLimit = Buffer.alloc(MCP_UPLOAD_MAX_BYTES, "Perjanjian kerahasiaan. ");
    const taken = await client.callTool({
      name: "unggah_berkas",
      arguments: { filename: "besar.txt", content_base64: atLimit.toString("base64") },
    });
    expect(toolJson(taken)).toMatchObject({ filename: "besar.txt", size: MCP_UPLOAD_MAX_BYTES });

    const before = await leftovers();
    const over = await client.callTool({
      name: "unggah_berkas",
      arguments: { filename: "besar.txt", content_base64: Buffer.alloc(MCP_UPLOAD_MAX_BYTES + 1, "a").toString("base64") },
    });
    expect(over.isError).toBe(true);
    expect(toolJson(over)).toMatchObject({ error: { code: "PAYLOAD_TOO_LARGE", message: expect.stringContaining("786432 bytes") } });
    expect(await leftovers()).toEqual(before);
  });

  it("uploads over stdio as a multipart request to the REST API, with the same answer and the same limit", async () => {
    const stdio = await connectStdio({ KUASA_API_KEY: org.token, KUASA_BASE_URL: api.url });
    try {
      const uploaded = await stdio.callTool({
        name: "unggah_berkas",
        arguments: { filename: "catatan.txt", content_base64: SAMPLE_FILES.text.toString("base64") },
      });
      expect(toolJson(uploaded)).toMatchObject({ filename: "catatan.txt", content_type: expect.stringMatching(/^text\/plain/) });
      const over = await stdio.callTool({
        name: "unggah_berkas",
        arguments: { filename: "besar.txt", content_base64: Buffer.alloc(MCP_UPLOAD_MAX_BYTES + 1, "a").toString("base64") },
      });
      expect(toolJson(over)).toMatchObject({ error: { code: "PAYLOAD_TOO_LARGE" } });
    } finally {
      await stdio.close();
    }
  });
});

import { describe, expect, it } from "vitest";
import { apiWorld } from "@/test/api-world";
import { SAMPLE_FILES, storedFileCount } from "@/test/files";
import { buildOpenApiDocument } from "./openapi";
import { REQUEST_EXAMPLES } from "./openapi-examples";

/**
 * Every body the REST face takes is strict: a key the operation does not know is refused, named,
 * rather than silently dropped (a misspelt `reason` must not cancel an order without one). Walks
 * the generated document, so an operation added later is covered without being listed here.
 */

type Operation = { requestBody?: { content?: Record<string, { schema?: { additionalProperties?: unknown } }> } };

const doc = buildOpenApiDocument("http://localhost");
const BODY_METHODS = ["post", "put", "patch"] as const;
const operations = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
  BODY_METHODS.flatMap((method) => {
    const op = (item as Record<string, Operation | undefined>)[method];
    return op ? [{ method: method.toUpperCase(), path, op }] : [];
  }),
);
const UNKNOWN = "kunci_tak_dikenal";

const world = apiWorld({ mode: "test" });

/** The path with made-up ids of the right shape: the body is checked before any id is looked up. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, "tidak_ada_123");

describe("strict request bodies", () => {
  it("walks a good number of operations that take a body", () => {
    expect(operations.length).toBeGreaterThanOrEqual(30);
  });

  it.each(operations)("$method $path refuses an unknown body key with 400 VALIDATION naming it", async ({ method, path, op }) => {
    const json = op.requestBody?.content?.["application/json"];
    const multipart = op.requestBody?.content?.["multipart/form-data"];
    let res: Response;
    if (multipart) {
      // The unknown part after the file: the file was stored by then, and must be gone again.
      const form = new FormData();
      form.append("file", new Blob([SAMPLE_FILES.pdf], { type: "application/pdf" }), "kontrak.pdf");
      form.append(UNKNOWN, "1");
      res = await world.api.call(concrete(path), { method, token: world.org.token, body: form });
      const kept = { files: await world.database.prisma.storedFile.count(), uploads: await world.database.prisma.fileUpload.count() };
      expect({ ...kept, bytes: storedFileCount() }).toEqual({ files: 0, uploads: 0, bytes: 0 });
    } else {
      // The document's own example where the body has fields, so only the unknown key is wrong.
      const example = REQUEST_EXAMPLES[`${method} ${path}`];
      if (json) expect(example, `${method} ${path} has a JSON body and needs an example in REQUEST_EXAMPLES`).toBeDefined();
      res = await world.api.call(concrete(path), { method, token: world.org.token, json: { ...(example as object), [UNKNOWN]: 1 } });
    }
    const body = (await res.json()) as { error?: { code: string; message: string; param?: string } };
    expect({ status: res.status, code: body.error?.code, param: body.error?.param }).toEqual({
      status: 400,
      code: "VALIDATION",
      param: UNKNOWN,
    });
    expect(body.error?.message).toContain(UNKNOWN);
    // The document says so too, where generators and validators read it.
    if (json) expect(json.schema?.additionalProperties, `${method} ${path}`).toBe(false);
  });
});

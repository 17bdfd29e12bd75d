import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES, MAX_JSON_DEPTH, parseJson, readJsonBody } from "./json-body";

const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;

describe("parseJson", () => {
  it(`takes objects and arrays nested ${MAX_JSON_DEPTH} levels deep and refuses one level more with VALIDATION`, () => {
    expect(parseJson(nested(MAX_JSON_DEPTH))).toBeTypeOf("object");
    expect(() => parseJson(nested(MAX_JSON_DEPTH + 1))).toThrow(
      expect.objectContaining({ code: "VALIDATION", message: expect.stringMatching(/deeper than 64 levels/) }),
    );
    expect(() => parseJson(`[${"[".repeat(MAX_JSON_DEPTH)}${"]".repeat(MAX_JSON_DEPTH)}]`)).toThrow(
      expect.objectContaining({ code: "VALIDATION" }),
    );
  });

  it("does not count brackets inside strings, escaped quotes included", () => {
    expect(parseJson(JSON.stringify({ story: `"${"[{".repeat(500)}\\"` }))).toEqual({ story: `"${"[{".repeat(500)}\\"` });
  });

  it("refuses a __proto__ key at any depth, however it is escaped, and takes the word as a value or inside a longer key", () => {
    for (const text of ['{"__proto__":{}}', '{"metadata":{"\\u005f_proto__":"1"}}', '[{"a":[{"__proto__":null}]}]']) {
      expect(() => parseJson(text), text).toThrow(
        expect.objectContaining({ code: "VALIDATION", message: expect.stringContaining("__proto__") }),
      );
    }
    expect(parseJson('{"note":"__proto__","x__proto__":"1"}')).toEqual({ note: "__proto__", x__proto__: "1" });
  });

  it("refuses text that is not JSON with VALIDATION", () => {
    expect(() => parseJson("{")).toThrow(expect.objectContaining({ code: "VALIDATION", message: "The request body is not valid JSON." }));
  });
});

/** A request whose body arrives in `chunks`, and an answer that records its headers. */
function exchange(headers: IncomingHttpHeaders, chunks: Array<string | Buffer>) {
  let pulled = 0;
  const body = Readable.from(
    (function* () {
      for (const chunk of chunks) {
        pulled++;
        yield Buffer.from(chunk);
      }
    })(),
  );
  const req = Object.assign(body, { headers }) as unknown as IncomingMessage;
  const set: Record<string, unknown> = {};
  const res = { setHeader: (name: string, value: unknown) => (set[name.toLowerCase()] = value) } as unknown as ServerResponse;
  return { req, res, set, pulled: () => pulled };
}

const json = { "content-type": "application/json" };

describe("readJsonBody", () => {
  it("parses a JSON body sent as application/json with parameters", async () => {
    const { req, res } = exchange({ "content-type": "application/json; charset=utf-8" }, ['{"service_', 'code":"nda"}']);
    expect(await readJsonBody(req, res)).toEqual({ service_code: "nda" });
  });

  it("hands arrays and other JSON values back to the face, which decides what it takes", async () => {
    const { req, res } = exchange(json, ["[1,2]"]);
    expect(await readJsonBody(req, res)).toEqual([1, 2]);
  });

  it("refuses a body of another content type, or of none, with UNSUPPORTED_MEDIA_TYPE", async () => {
    for (const headers of [{ "content-type": "text/plain" }, { "content-type": "application/jsonp" }, {}]) {
      const { req, res } = exchange(headers, ["{}"]);
      await expect(readJsonBody(req, res)).rejects.toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE" });
    }
  });

  it("answers whenEmpty for an empty body without asking for a content type, and VALIDATION without it", async () => {
    const empty = exchange({}, [" \n"]);
    expect(await readJsonBody(empty.req, empty.res, { whenEmpty: {} })).toEqual({});
    const strict = exchange(json, []);
    await expect(readJsonBody(strict.req, strict.res)).rejects.toMatchObject({ code: "VALIDATION" });
  });

  it("refuses a body whose Content-Length passes the limit before reading any of it, closing the connection", async () => {
    const { req, res, set, pulled } = exchange({ ...json, "content-length": String(MAX_BODY_BYTES + 1) }, ["{}"]);
    await expect(readJsonBody(req, res)).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    expect(pulled()).toBe(0);
    expect(set.connection).toBe("close");
  });

  it("refuses a body of unknown length as soon as it passes the limit, without reading the rest", async () => {
    const half = "x".repeat(MAX_BODY_BYTES / 2);
    const { req, res, set, pulled } = exchange(json, [half, half, "x", "never read"]);
    await expect(readJsonBody(req, res)).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    expect(pulled()).toBe(3);
    expect(set.connection).toBe("close");
  });

  it("takes a body of exactly the limit", async () => {
    const text = JSON.stringify({ pad: "x".repeat(MAX_BODY_BYTES - 10) });
    expect(Buffer.byteLength(text)).toBe(MAX_BODY_BYTES);
    const { req, res } = exchange(json, [text]);
    expect(await readJsonBody(req, res)).toMatchObject({ pad: expect.any(String) });
  });
});

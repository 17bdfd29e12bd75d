import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import type { Readable } from "node:stream";
import busboy from "busboy";
import { AppError } from "@/server/domain/errors";
import { contentDispositionAttachment } from "@/server/domain/files/file-name";
import { type FileContent, tooLargeError } from "@/server/services/files";
import { API_SECURITY_HEADERS } from "./security-headers";

/** Room for the multipart framing around the file (boundaries, part headers), beyond FILE_MAX_BYTES. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Reads a `multipart/form-data` body whose one part `file` goes to `take` as a stream: the REST
 * upload and the portals' both read it here. Any other part, or a second `file`, is refused
 * (VALIDATION naming it, as an unknown key of a JSON body is) once the body is read, and what
 * `take` made of the file is handed to `discard`. Refused before reading when its Content-Length is
 * over the limit; a body of unknown length is stopped as soon as the file passes it. A refusal
 * leaves the rest of the body unread: the caller closes the connection.
 */
export async function readFilePart<T>(
  headers: IncomingHttpHeaders,
  body: Readable,
  maxBytes: number,
  take: (file: Readable, filename: string) => Promise<T>,
  discard: (taken: T) => Promise<void>,
): Promise<T> {
  if (Number(headers["content-length"]) > maxBytes + MULTIPART_OVERHEAD_BYTES) throw tooLargeError(maxBytes);
  if (!/^multipart\/form-data\s*;/i.test(headers["content-type"] ?? ""))
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the file as `multipart/form-data` with one part named `file`.");
  let parser: busboy.Busboy;
  try {
    // One file part of at most maxBytes (one byte more is how the limit is seen), small fields only.
    // A plain `filename="…"` is read as UTF-8, as browsers and fetch send it (busboy's default is
    // latin1, which garbles "é" into "Ã©"); an RFC 5987 `filename*` names its own charset and wins.
    parser = busboy({
      headers,
      defParamCharset: "utf8",
      limits: { files: 1, fileSize: maxBytes + 1, fields: 20, fieldSize: 1024, parts: 25 },
    });
  } catch {
    throw new AppError("VALIDATION", "The multipart/form-data body has no boundary.");
  }
  return new Promise<T>((resolve, reject) => {
    let taken: Promise<T> | null = null;
    // The first part that is not the one file: the body is still read to its end, then refused.
    let unknown: string | null = null;
    const fail = (err: unknown) => {
      body.unpipe(parser);
      reject(err);
    };
    parser.on("field", (name: string) => {
      unknown ??= name;
    });
    parser.on("file", (name: string, stream: Readable, info: { filename?: string }) => {
      if (name !== "file" || taken) {
        unknown ??= name;
        stream.resume();
        return;
      }
      stream.on("limit", () => stream.destroy(tooLargeError(maxBytes)));
      taken = take(stream, info.filename ?? "file");
      taken.catch(fail);
    });
    parser.on("error", () => fail(new AppError("VALIDATION", "The multipart/form-data body is malformed.")));
    parser.on("close", () => {
      if (unknown !== null) {
        const refusal = new AppError("VALIDATION", `${unknown}: the body has one part only, named \`file\`.`, unknown);
        if (!taken) return fail(refusal);
        return void taken.then(discard).then(() => fail(refusal), fail);
      }
      if (!taken) return fail(new AppError("VALIDATION", "Send the file as a multipart/form-data part named `file`."));
      taken.then(resolve, fail);
    });
    body.on("error", fail);
    body.pipe(parser);
  });
}

/**
 * Every header a file download carries, the same on every face (/v1/files/{id}/content,
 * /api/berkas/{id}, /unduh/{token}): its type and length, an attachment name (RFC 5987 for any
 * name), nothing a browser may sniff, run or keep, and no Referer to wherever it leads. Next adds
 * nothing to the portal's download paths (next.config.ts, src/proxy.ts): a header Next sets
 * before a route answers would replace the route's own.
 */
export function fileHeaders(file: FileContent["file"]): Record<string, string> {
  return {
    ...API_SECURITY_HEADERS,
    "Content-Type": file.contentType,
    "Content-Length": String(file.size),
    "Content-Disposition": contentDispositionAttachment(file.filename),
    "Content-Security-Policy": "sandbox; default-src 'none'",
    "Cache-Control": "private, no-store",
  };
}

/** Writes a file's bytes as the answer (HEAD: the headers only). */
export async function writeFileContent(res: ServerResponse, content: FileContent, method: string): Promise<void> {
  const body = method === "HEAD" ? null : await content.open();
  res.writeHead(200, fileHeaders(content.file));
  if (!body) {
    res.end();
    return;
  }
  body.on("error", () => res.destroy());
  body.pipe(res);
}

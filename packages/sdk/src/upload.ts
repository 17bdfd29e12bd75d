import { randomUUID } from "node:crypto";
import { openAsBlob } from "node:fs";
import { basename } from "node:path";
import { Readable } from "node:stream";

/**
 * A file to upload: a path on disk, a Node readable stream, a Blob (a File keeps its name) or
 * bytes. The server decides the type from the content, never from the name.
 */
export type FileSource = string | Readable | Blob | Uint8Array;

/** A request body the transport sends, and whether it can be sent again on a retry. */
export interface RequestBody {
  contentType: string;
  /** The body for one attempt. */
  content(): Blob | AsyncIterable<Uint8Array>;
  replayable: boolean;
}

/** The name a source carries: a path's or a file stream's base name, a File's name. */
function nameOf(source: FileSource): string | undefined {
  if (typeof source === "string") return basename(source);
  if (source instanceof Readable) return "path" in source && typeof source.path === "string" ? basename(source.path) : undefined;
  if (source instanceof Blob) return "name" in source && typeof source.name === "string" && source.name ? source.name : undefined;
  return undefined;
}

/** A header parameter's value in quotes, escaped as browsers and fetch's FormData escape it. */
const quoted = (value: string) => `"${value.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A")}"`;

/**
 * `multipart/form-data` with one file part, framed here rather than by FormData so that a stream
 * is sent as it is read, never held whole in memory. A path, Blob or bytes make a Blob (a path's
 * is read from disk as it is sent), with a length and sent again as is on a retry; a stream can be
 * read once, so its upload is never retried.
 */
export async function multipartBody(field: string, source: FileSource, filename = nameOf(source)): Promise<RequestBody> {
  if (!filename) throw new TypeError("An upload from a stream or bytes needs a filename");
  const boundary = `kuasa-${randomUUID()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(field)}; filename=${quoted(filename)}\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const contentType = `multipart/form-data; boundary=${boundary}`;
  if (source instanceof Readable) {
    const encoder = new TextEncoder();
    async function* framed() {
      yield encoder.encode(head);
      for await (const chunk of source as AsyncIterable<Uint8Array | string>)
        yield typeof chunk === "string" ? encoder.encode(chunk) : chunk;
      yield encoder.encode(tail);
    }
    return { contentType, content: framed, replayable: false };
  }
  const file = typeof source === "string" ? await openAsBlob(source) : source instanceof Blob ? source : new Blob([new Uint8Array(source)]);
  const whole = new Blob([head, file, tail]);
  return { contentType, content: () => whole, replayable: true };
}

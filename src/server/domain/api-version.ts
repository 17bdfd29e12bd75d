import { AppError } from "./errors";

/**
 * Dated versions of the agent API's answers (docs/versions.md): the path stays /v1, and each API key
 * is pinned to the version current when it was made. A request may name another known version in
 * the `Kuasa-Version` header; every answer says in the same header which version it was given in.
 * Pure: the faces read the header and call these.
 */

/** The request and response header; fixed, like every other header of the agent API (docs/versions.md says why). */
export const VERSION_HEADER = "Kuasa-Version";
/** As Node's IncomingHttpHeaders names it. */
export const VERSION_HEADER_KEY = "kuasa-version";

/**
 * `current`: what new keys get, always the newest. `supported`: an older version still served in
 * full. `deprecated`: still served, with its sunset announced on every answer (RFC 9745 `Deprecation`,
 * RFC 8594 `Sunset`).
 */
type VersionStatus = "current" | "supported" | "deprecated";

/** One change a version made to answers, and the way back to the answers of the version before it. */
interface VersionChange {
  /** The changelog's words for it. */
  description: string;
  /** The operations whose answers it changes: /v1 procedure paths (`orders.get`), or `webhook` for event payloads. */
  operations: readonly string[];
  /**
   * Turns one answer of those operations from this version's shape into the previous version's. It
   * must leave an answer that is already in the previous shape as it is: event payloads are stored
   * when they happen and may predate the version that changed them.
   */
  toPrevious(answer: unknown): unknown;
}

export interface ApiVersion {
  /** `YYYY-MM-DD`, the day it was released; versions sort by it. */
  date: string;
  summary: string;
  status: VersionStatus;
  /** A deprecated version's announcement and the day it stops being served (both `YYYY-MM-DD`, UTC). */
  deprecation?: { since: string; sunset: string };
  /** How this version's answers differ from the previous version's; none for the first. */
  changes: readonly VersionChange[];
}

/** Every version still served, oldest first; the last is current. */
export type VersionTable = readonly [ApiVersion, ...ApiVersion[]];

/** The operation name of webhook event bodies in a change's `operations`: they are sent in the version of the key whose order or case they are about. */
export const WEBHOOK_OPERATION = "webhook";

export const API_VERSIONS: VersionTable = [
  {
    date: "2026-11-28",
    summary: "The first dated version: every answer of /v1, /mcp and the webhooks as they were when versions began.",
    status: "current",
    changes: [],
  },
];

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function currentVersion(table: VersionTable): ApiVersion {
  return table[table.length - 1]!;
}

/**
 * The version a key is pinned to, as stored on it. A version is only taken out of the table after
 * its keys were moved forward (docs/versions.md); a key still naming one is answered in the oldest
 * version served, the nearest to what it was written against.
 */
export function pinnedVersion(table: VersionTable, stored: string): ApiVersion {
  return table.find((version) => version.date === stored) ?? table[0];
}

/**
 * The version a request names in its `Kuasa-Version` header, or undefined when it names none.
 * Anything else than one known `YYYY-MM-DD` is a VALIDATION error naming the header and the versions.
 */
export function requestedVersion(table: VersionTable, header: string | string[] | undefined): ApiVersion | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header.join(", ") : header.trim();
  const known = table.map((version) => version.date).join(", ");
  if (!DATE_PATTERN.test(value))
    throw new AppError(
      "VALIDATION",
      `${VERSION_HEADER} must be one version date (YYYY-MM-DD); the known versions are ${known}.`,
      VERSION_HEADER,
    );
  const version = table.find((candidate) => candidate.date === value);
  if (!version)
    throw new AppError("VALIDATION", `${VERSION_HEADER} ${value} is not a known version; the known versions are ${known}.`, VERSION_HEADER);
  return version;
}

/** Built once per version: every keyed answer sets them. */
const HEADERS_OF = new WeakMap<ApiVersion, Readonly<Record<string, string>>>();

/** Midnight UTC of a `YYYY-MM-DD` day. */
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * The headers of an answer given in `version`: its date, and for a deprecated version when it was
 * deprecated (RFC 9745: `@` and Unix seconds) and when it stops being served (RFC 8594: an HTTP-date).
 */
export function versionHeaders(version: ApiVersion): Readonly<Record<string, string>> {
  let headers = HEADERS_OF.get(version);
  if (!headers) {
    const built: Record<string, string> = { [VERSION_HEADER]: version.date };
    if (version.status === "deprecated" && version.deprecation) {
      built.Deprecation = `@${dayStart(version.deprecation.since).getTime() / 1000}`;
      built.Sunset = dayStart(version.deprecation.sunset).toUTCString();
    }
    HEADERS_OF.set(version, (headers = Object.freeze(built)));
  }
  return headers;
}

/**
 * An answer of `operation` in the current shape, given in `version`: each newer version's changes
 * to that operation are undone in turn, newest first. The current version's answer is returned as is.
 */
export function renderForVersion(table: VersionTable, operation: string, answer: unknown, version: ApiVersion): unknown {
  let rendered = answer;
  for (let i = table.length - 1; i >= 0 && table[i] !== version; i--) {
    for (const change of table[i]!.changes) if (change.operations.includes(operation)) rendered = change.toPrevious(rendered);
  }
  return rendered;
}

/**
 * The operations whose answers a version newer than `version` changed: what a caller on `version`
 * gets in another shape than the current one (the MCP face then lists those tools without the
 * current output schema).
 */
export function operationsChangedSince(table: VersionTable, version: ApiVersion): ReadonlySet<string> {
  const changed = new Set<string>();
  for (let i = table.length - 1; i >= 0 && table[i] !== version; i--)
    for (const change of table[i]!.changes) for (const operation of change.operations) changed.add(operation);
  return changed;
}

import type { IncomingHttpHeaders } from "node:http";
import type { AuthenticatedKey } from "@/server/domain/access/api-key";
import {
  type ApiVersion,
  pinnedVersion,
  requestedVersion,
  VERSION_HEADER_KEY,
  type VersionTable,
  versionHeaders,
} from "@/server/domain/api-version";

/**
 * The version a keyed request is answered in: the one its `Kuasa-Version` header names, else the
 * key's own. `answer` receives the answer's version headers before anything is refused, so a
 * malformed or unknown header is refused in the key's own version (400 VALIDATION, param
 * `Kuasa-Version`). REST and MCP call it once the key is known, before a body is read.
 */
export function versionOfRequest(
  table: VersionTable,
  key: Pick<AuthenticatedKey, "apiVersion">,
  headers: IncomingHttpHeaders,
  answer: (headers: Record<string, string>) => void,
): ApiVersion {
  const pinned = pinnedVersion(table, key.apiVersion);
  let version: ApiVersion;
  try {
    version = requestedVersion(table, headers[VERSION_HEADER_KEY]) ?? pinned;
  } catch (err) {
    answer(versionHeaders(pinned));
    throw err;
  }
  answer(versionHeaders(version));
  return version;
}

import { readFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * GET /docs/redoc.js: Redoc's standalone bundle, read from the installed `redoc` package (nothing
 * copied into the repository, nothing from a CDN), cached by browsers for a day. Its one remote
 * fetch, the footer's logo from Redocly's CDN, is pointed at an empty `data:` image, which the
 * footer drops on its error, so the page loads nothing from anywhere else (and the CSP blocks nothing).
 */
const BUNDLE = join(process.cwd(), "node_modules/redoc/bundles/redoc.standalone.js");
const REMOTE_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg";

let bundle: Promise<string> | undefined;

export async function GET(): Promise<Response> {
  bundle ??= readFile(BUNDLE, "utf8").then((text) => text.replaceAll(REMOTE_LOGO, "data:,"));
  return new Response(await bundle, {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}

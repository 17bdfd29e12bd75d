// `npm start`: builds once if no production build exists (the portals and the server bundle), then
// runs the bundled server in production mode. Plain JavaScript, so a production process loads no
// TypeScript loader: the bundle is what runs, and what the bench and the browser tests measure.
// package.json's start script sets glibc's malloc limits and V8's heap cap before node starts; the
// bench and the crash runs read them from there (src/test/start-script.ts).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const SERVER_BUNDLE = fileURLToPath(new URL("../../.next/kuasa-server/server.mjs", import.meta.url));

if (!existsSync(SERVER_BUNDLE) || !existsSync(fileURLToPath(new URL("../../.next/BUILD_ID", import.meta.url)))) {
  console.log("No production build yet: building once (about a minute)…");
  const build = spawnSync("npm", ["run", "-s", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
process.env.NODE_ENV = "production";
await import(SERVER_BUNDLE);

import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * `npm start`: builds the portals once if no production build exists, then runs the server in
 * production mode. Keeps the quick start to one command on a fresh clone.
 */
if (!existsSync(".next/BUILD_ID")) {
  console.log("No production build yet: building once (about a minute)…");
  const build = spawnSync("npm", ["run", "-s", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
Object.assign(process.env, { NODE_ENV: "production" });
await import("../server");

import { spawn } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

export interface OpsCliRun {
  code: number | null;
  stdout: string;
  /** Without npm's own warnings (an outdated npm, a config key), which are not the command's. */
  stderr: string;
}

/** Runs `npm run -s ops -- …` from the project's root, as a user would. */
export function runOpsCli(args: string[], env: NodeJS.ProcessEnv): Promise<OpsCliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "-s", "ops", "--", ...args], { cwd: ROOT, env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr: stderr.replace(/^npm warn .*\n/gm, "") }));
  });
}

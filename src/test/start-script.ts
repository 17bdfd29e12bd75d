import { readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** What `npm start` sets for the server before node starts: glibc's malloc tuning and V8's flags. */
export interface StartSettings {
  env: Record<string, string>;
  nodeFlags: string[];
}

/**
 * Read from `npm start`'s script in package.json, the one place these settings live, so the bench
 * and the crash runs start the bundle as production does. Cluster workers inherit both from the
 * process that forks them.
 */
export function startSettings(): StartSettings {
  const script = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: { start: string } }).scripts.start;
  const match = /^((?:\w+=\S+\s+)*)node\s+((?:--\S+\s+)*)src\/cli\/start\.mjs$/.exec(script);
  if (!match) throw new Error(`package.json's start script is not "[NAME=value …] node [--flag …] src/cli/start.mjs": ${script}`);
  const words = (text: string) => text.split(/\s+/).filter(Boolean);
  return {
    env: Object.fromEntries(words(match[1]!).map((assignment) => assignment.split(/=(.*)/).slice(0, 2))),
    nodeFlags: words(match[2]!),
  };
}

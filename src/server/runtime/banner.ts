import path from "node:path";
import { MIN_PASSWORD_LENGTH } from "../domain/access/password";
import { DEMO_USERS, type Demo } from "../services/sandbox";

/** Which portal each demo user signs in to, as the banner names it. */
const DEMO_PORTALS: Record<keyof typeof DEMO_USERS, string> = {
  admin: "the organisation admin portal",
  practitioner: "the practitioner portal",
};

export interface BannerFacts {
  publicUrl: string;
  nodeEnv: string;
  database: string;
  jobs: "inngest" | "sweeper";
  migrationsApplied: string[];
  demo: Demo | null;
  /** For showing the key files relative to where the command was run. */
  cwd: string;
}

/**
 * What `npm start` prints. A demo secret is printed on the start that created it and never again:
 * later starts point at the file that keeps it (embedded database), so a log never holds a
 * secret more than once. The demo users' passwords are never printed where a file keeps them.
 */
export function startBanner(facts: BannerFacts): string {
  const { publicUrl, demo } = facts;
  const shown = (file: string) => (path.relative(facts.cwd, file).startsWith("..") ? file : path.relative(facts.cwd, file));
  const lines: Array<string | null> = [
    `Kuasa is running at ${publicUrl} (${facts.nodeEnv}, ${facts.database})`,
    `Jobs: ${facts.jobs === "inngest" ? "Inngest at /api/inngest (this process's local sweeper takes over whenever Inngest cannot be reached)" : "local sweeper"}`,
    facts.migrationsApplied.length ? `Applied migrations: ${facts.migrationsApplied.join(", ")}` : null,
    `API reference: ${publicUrl}/docs (OpenAPI: ${publicUrl}/v1/openapi.json)`,
    `MCP (Streamable HTTP): ${publicUrl}/mcp`,
    `Portals: sign in at ${publicUrl}/masuk (operator console /operator, organisations /organisasi, practitioners /praktisi)`,
    `  first operator: npm run ops -- user:create --role operator --email you@example.com --password '<at least ${MIN_PASSWORD_LENGTH} characters>'`,
    "  organisations: npm run ops -- org:list",
    ...(Object.keys(DEMO_PORTALS) as Array<keyof typeof DEMO_USERS>).map((user) => {
      const [file, password] = [demo?.files[user], demo?.secrets[user]];
      const where = `Sign in to ${DEMO_PORTALS[user]} at ${publicUrl}/masuk`;
      if (file) return `${where} with the e-mail and password in ${shown(file)}`;
      return password ? `${where} as ${DEMO_USERS[user].email} with the password (shown once: copy it now) ${password}` : null;
    }),
  ];
  if (demo?.created) {
    const { live, test, testWebhookSecret } = demo.secrets;
    const keptIn = demo.files.live ? ` (shown once; kept in ${shown(demo.files.live)})` : " (shown once: copy it now)";
    if (live)
      lines.push(`Demo API key${keptIn}: ${live}`, `Try it:\n  curl -s ${publicUrl}/v1/services -H "Authorization: Bearer ${live}"`);
    if (test) {
      lines.push(
        `Sandbox (test) key: ${test}\n  its webhook secret: ${testWebhookSecret ?? "(not kept)"}\n  drive its orders with /v1/test_helpers (see ${publicUrl}/docs)`,
      );
    }
  } else if (demo?.files.live || demo?.files.test) {
    const { live, test, testWebhookSecret } = demo.files;
    if (live)
      lines.push(
        `Demo API key: in ${shown(live)}`,
        `Try it:\n  curl -s ${publicUrl}/v1/services -H "Authorization: Bearer $(cat ${shown(live)})"`,
      );
    if (test)
      lines.push(`Sandbox (test) key: in ${shown(test)}${testWebhookSecret ? `, its webhook secret in ${shown(testWebhookSecret)}` : ""}`);
  }
  return lines.filter((line) => line !== null).join("\n");
}

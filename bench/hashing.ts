/**
 * Password hashing as a weapon (issue 25): one agent's GET /v1/balance, one request at a time,
 * quiet and then while 64 clients without a session send sign-ins for unknown e-mails, each from
 * a new address (X-Forwarded-For through a trusted proxy, as a botnet would), so no per-address or
 * per-account limit stops them and every one of them asks for an argon2 verification. What keeps
 * the agent answered is the bounded hashing queue.
 */
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";

export const HASHING_CLIENTS = 64;

export interface HashingPressureResult {
  quiet: { p50Ms: number; p99Ms: number; requests: number };
  underPressure: { p50Ms: number; p99Ms: number; requests: number };
  signIns: { requestsPerSecond: number; statuses: Record<string, number> };
  /** underPressure p99 / quiet p99; the target is at most 2. */
  p99Ratio: number;
}

/** next-auth's CSRF token and its cookie, as the sign-in form fetches them first. */
async function csrf(base: string): Promise<{ token: string; cookie: string }> {
  const answer = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await answer.json()) as { csrfToken: string };
  const cookie = answer.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { token: csrfToken, cookie };
}

export async function benchHashingPressure(base: string, apiKey: string, durationSeconds: number): Promise<HashingPressureResult> {
  const balance = { url: `${base}/v1/balance`, headers: { Authorization: `Bearer ${apiKey}` }, connections: 1, duration: durationSeconds };
  const quiet = await autocannon(balance);
  const { token, cookie } = await csrf(base);
  let n = 0;
  const attack = autocannon({
    url: `${base}/api/auth/callback/credentials`,
    connections: HASHING_CLIENTS,
    duration: durationSeconds + 2,
    requests: [
      {
        method: "POST",
        setupRequest: (req) => {
          n++;
          const email = `tidak-ada-${randomBytes(6).toString("hex")}@contoh.id`;
          return {
            ...req,
            headers: {
              "Content-Type": "application/x-www-form-urlencoded",
              Cookie: cookie,
              "X-Forwarded-For": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
            },
            body: new URLSearchParams({ email, password: "p".repeat(200), csrfToken: token, json: "true" }).toString(),
          };
        },
      },
    ],
  });
  // The attack fills the queue first; then the agent's requests are measured inside it.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const pressed = await autocannon(balance);
  const attacked = await attack;
  const statuses: Record<string, number> = {};
  for (const [code, count] of Object.entries(attacked.statusCodeStats ?? {})) statuses[code] = (count as { count: number }).count;
  return {
    quiet: { p50Ms: quiet.latency.p50, p99Ms: quiet.latency.p99, requests: quiet.requests.total },
    underPressure: { p50Ms: pressed.latency.p50, p99Ms: pressed.latency.p99, requests: pressed.requests.total },
    signIns: { requestsPerSecond: Math.round(attacked.requests.average), statuses },
    p99Ratio: Math.round((pressed.latency.p99 / Math.max(1, quiet.latency.p99)) * 100) / 100,
  };
}

import { API_VERSIONS, currentVersion } from "@/server/domain/api-version";
import { ERROR_CODES, type ErrorCode } from "@/server/domain/errors";
import { DEFAULT_TOLERANCE_SECONDS } from "@/server/domain/events/signature";
import { publicLink } from "@/server/domain/public-url";

/**
 * The id Redoc (2.5, what /docs serves) gives a code's heading in the guide, so a link can open
 * the reference at it. Redoc makes a section of each level-1 heading of info.description
 * (`section/<slug>`) and of each level-2 heading under one (`section/<slug>/<slug>`), but none
 * of a level-3 heading; its slug leaves `Errors` and an UPPER_SNAKE code as they are. Hence the
 * guide's sections are level-1 headings and each code a level-2 heading under `# Errors`.
 * e2e/docs.spec.ts opens one in a browser.
 */
export function errorAnchor(code: ErrorCode): string {
  return `section/Errors/${code}`;
}

/** Where the API reference of the server at `publicUrl` explains `code`: the `doc_url` of its errors. */
export function errorDocUrl(publicUrl: string, code: ErrorCode): string {
  return publicLink(publicUrl, `/docs#${errorAnchor(code)}`);
}

/** A level-2 heading per code of the table, in its order: its status, what it means and what to do. */
function errorSections(): string {
  return Object.entries(ERROR_CODES)
    .map(([code, { status, description, whatToDo }]) => `## ${code}\n\nHTTP ${status}. ${description}\n\n**What to do:** ${whatToDo}`)
    .join("\n\n");
}

/**
 * The document's `info.description`: what a developer reads before the operations (the /docs
 * renderer shows it first, with its headings in the menu). Markdown; the server's own URL in
 * the examples. Its sections are level-1 headings, as the error codes' level-2 ones need (errorAnchor).
 */
export function guideMarkdown(baseUrl: string, operatorName: string): string {
  return `REST API through which AI agents hire licensed Indonesian legal practitioners. Amounts are whole rupiah (integer IDR); request bodies are JSON.

# Quick start

Every \`/v1\` operation needs an API key, made by an organisation admin in the organisation portal (the full key is shown once):

\`\`\`
Authorization: Bearer <key_id>.<key_secret>
\`\`\`

A live key (\`kk_live_…\`) works on live data: the real deposit, real practitioners. A test key (\`kk_test_…\`) works in the **sandbox**, on test data only; the two never mix. With a test key the *Test helpers* operations play the parts people play in live mode (topping up, approving, working an order), so an integration runs end to end before it goes live.

\`\`\`sh
curl -s ${baseUrl}/v1/services -H "Authorization: Bearer $KEY"    # the catalog, with prices and intake fields
curl -s ${baseUrl}/v1/orders -H "Authorization: Bearer $KEY" -H "Content-Type: application/json" \\
  -H "Idempotency-Key: nda-LEGAL-1042" -d @order.json               # order a service (see POST /v1/orders)
\`\`\`

# Errors

Every error body is \`{ "error": { "code", "message", "param", "request_id", "doc_url" } }\`. Decide by \`code\`; each operation lists the codes it can answer under their HTTP status, each explained below. \`param\` names the offending field of a \`VALIDATION\` error as you wrote it (\`intake.sifat_nda\`, \`attachments[1]\`); \`request_id\` is the answer's \`X-Request-Id\`, which support asks for; \`doc_url\` links to the code's entry below (\`${errorDocUrl(baseUrl, "VALIDATION")}\`).

Every answer carries \`X-Request-Id\`; answers to a checked key carry \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`, and 429 and 503 \`Retry-After\`. A POST retried with the same \`Idempotency-Key\` within 24 hours acts once.

${errorSections()}

# Versions

The path stays \`/v1\`; the shape of answers is versioned by date. Each API key is pinned to the version current when it was made, and every answer says in \`Kuasa-Version\` which version it was given in. Send \`Kuasa-Version: <date>\` to have one request answered in another known version (${API_VERSIONS.map((version) => `\`${version.date}\``).join(", ")}; the current one is \`${currentVersion(API_VERSIONS).date}\`); an organisation admin moves a key to the current version on the keys page. Webhook bodies follow the version of the key whose order or case they are about. New fields, operations, error codes and events may appear in any version: ignore what you do not know. Removing or renaming a field, or changing its type or meaning, comes only in a new version. A deprecated version's answers carry \`Deprecation\` and \`Sunset\` (the day it is no longer served, at least 12 months after its successor came out).

# Webhooks and their signature

Events are POSTed to the key's webhook URL (or the order's \`callback_url\`) and listed under *Webhooks* below. Verify \`X-${operatorName}-Signature: t=<unix seconds>,v1=<hex>\` on the raw body before parsing it: reject a \`t\` more than ${DEFAULT_TOLERANCE_SECONDS} s from your clock, and compare HMAC-SHA256(webhook_secret, \`t + "." + raw body\`) in constant time with each \`v1\`.

\`\`\`
import { createHmac, timingSafeEqual } from "node:crypto";

function verifySignature(secret, header, rawBody, nowSeconds = Date.now() / 1000) {
  const parts = String(header ?? "").split(",").map((part) => part.trim().split("="));
  const t = Number(parts.find(([key]) => key === "t")?.[1]);
  const v1 = parts.filter(([key, value]) => key === "v1" && /^[0-9a-f]{64}$/.test(value)).map(([, value]) => Buffer.from(value, "hex"));
  if (!Number.isInteger(t) || v1.length === 0 || Math.abs(nowSeconds - t) > ${DEFAULT_TOLERANCE_SECONDS}) return false;
  const expected = createHmac("sha256", secret).update(\`\${t}.\`).update(rawBody).digest();
  return v1.some((signature) => timingSafeEqual(signature, expected));
}
\`\`\`

# For agents talking to people

Never promise an outcome (a case won, a permit issued, a government deadline); never say every practitioner is verified by one bar organisation (only the label on a profile or service counts); quote only catalog prices and services, and third-party fees only as a service lists them; never present AI answers as legal advice.`;
}

import type { Metadata } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { OrderStatus } from "@/generated/prisma/enums";
import { buildOpenApiDocument } from "@/server/api/openapi";
import { SCOPES } from "@/server/domain/api-key";
import { AppError, ERROR_CODES } from "@/server/domain/errors";
import { WEBHOOK_MAX_ATTEMPTS } from "@/server/domain/webhook-delivery";
import { CASE_EVENT_TYPES, hasEvent } from "@/server/domain/webhook-event";
import { getRuntime } from "@/server/runtime";
import { type Config, readConfig } from "@/server/runtime/config";
import styles from "./docs.module.css";
import {
  type FieldRow,
  groupByTag,
  listOperations,
  type OpenApiDoc,
  type OperationView,
  type ParameterRow,
  paragraphs,
  type ResponseView,
  type Schema,
  schemaFields,
  type TextSpan,
} from "./openapi-view";
import { nodeSnippet, opensslSnippet, retrySchedule, webhookExample } from "./webhook-example";

// Built per request from the live router (and this server's settings), never at build time.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "API reference — Kuasa",
  description: "Every /v1 operation, authentication, errors, rate limits and signed webhooks of the Kuasa Agent API.",
};

type Settings = Pick<Config, "operatorName" | "rateLimits" | "webhooks" | "orderRules">;

/**
 * This server's settings: the running runtime's, or (outside the custom server) read the same way;
 * a production server's defaults when the environment does not read.
 */
function serverSettings(): Settings {
  try {
    return getRuntime().config;
  } catch {
    try {
      return readConfig(process.env);
    } catch {
      return readConfig({ NODE_ENV: "production" });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Small pieces

function Spans({ spans }: { spans: TextSpan[] }) {
  return spans.map((s, i) => (s.code ? <code key={i}>{s.text}</code> : <span key={i}>{s.text}</span>));
}

/** Document text: paragraphs and `code` spans, nothing else interpreted. */
function Text({ text, className }: { text?: string; className?: string }) {
  const ps = paragraphs(text);
  if (ps.length === 0) return null;
  return (
    <div className={className ?? styles.description}>
      {ps.map((p, i) => (
        <p key={i}>
          <Spans spans={p} />
        </p>
      ))}
    </div>
  );
}

function Table({ head, children }: { head: string[]; children: ReactNode }) {
  return (
    // Focusable: on a phone the table scrolls sideways, and a keyboard must be able to scroll it too.
    <div className={styles.tableWrap} tabIndex={0}>
      <table>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

function Method({ method }: { method: string }) {
  return <span className={`${styles.method} ${styles[`method-${method.toLowerCase()}`] ?? ""}`}>{method}</span>;
}

function Status({ status }: { status: string }) {
  return <span className={`${styles.status} ${styles[`status-${status[0]}`] ?? ""}`}>{status}</span>;
}

function TypeCell({ row }: { row: Pick<FieldRow, "type" | "nullable" | "enumValues" | "constraints"> }) {
  return (
    <td className={styles.typeCell}>
      <code>{row.type}</code>
      {row.nullable ? <span className={styles.note}>nullable</span> : null}
      {row.enumValues ? (
        <span className={styles.enum}>
          one of:{" "}
          {row.enumValues.map((v, i) => (
            <span key={v}>
              {i > 0 ? ", " : null}
              <code>{v}</code>
            </span>
          ))}
        </span>
      ) : null}
      {row.constraints.length ? <span className={styles.note}>{row.constraints.join("; ")}</span> : null}
    </td>
  );
}

function Required({ required }: { required: boolean }) {
  return <td>{required ? <span className={styles.required}>required</span> : <span className={styles.optional}>optional</span>}</td>;
}

function FieldName({ row }: { row: FieldRow }) {
  const cut = row.name.lastIndexOf(".");
  return (
    <td className={styles.fieldName} style={row.depth ? { paddingLeft: `${0.6 + row.depth * 1}rem` } : undefined}>
      <code>
        {cut > 0 ? <span className={styles.nested}>{row.name.slice(0, cut + 1)}</span> : null}
        {cut > 0 ? row.name.slice(cut + 1) : row.name}
      </code>
    </td>
  );
}

function FieldTable({ rows }: { rows: FieldRow[] }) {
  if (rows.length === 0) return <p className="muted">No fields.</p>;
  return (
    <Table head={["Field", "Type", "", "Description"]}>
      {rows.map((row) => (
        <tr key={row.name}>
          <FieldName row={row} />
          <TypeCell row={row} />
          <Required required={row.required} />
          <td className={styles.descCell}>
            <Text text={row.description} />
          </td>
        </tr>
      ))}
    </Table>
  );
}

function ParameterTable({ rows }: { rows: ParameterRow[] }) {
  return (
    <Table head={["Name", "In", "Type", "", "Description"]}>
      {rows.map((p) => (
        <tr key={`${p.in}:${p.name}`}>
          <td className={styles.fieldName}>
            <code>{p.name}</code>
          </td>
          <td>{p.in}</td>
          <TypeCell row={{ ...p, nullable: false }} />
          <Required required={p.required} />
          <td className={styles.descCell}>
            <Text text={p.description} />
          </td>
        </tr>
      ))}
    </Table>
  );
}

function SuccessResponse({ response }: { response: ResponseView }) {
  return (
    <div className={styles.response}>
      <div className={styles.responseHead}>
        <Status status={response.status} />
        {response.body ? (
          <span className="small muted">
            {response.body.contentType}
            {response.body.schemaName ? (
              <>
                {" · "}
                <code>{response.body.schemaName}</code>
              </>
            ) : null}
          </span>
        ) : null}
      </div>
      <Text text={response.description} />
      {response.headers.length ? (
        <Table head={["Response header", "Type", "Description"]}>
          {response.headers.map((h) => (
            <tr key={h.name}>
              <td className={styles.fieldName}>
                <code>{h.name}</code>
              </td>
              <td className={styles.typeCell}>
                <code>{h.type}</code>
              </td>
              <td>
                <Text text={h.description} />
              </td>
            </tr>
          ))}
        </Table>
      ) : null}
      {response.body && response.sameBodyAs ? (
        <p className="small muted">Same body as {response.sameBodyAs}.</p>
      ) : response.body ? (
        <FieldTable rows={response.body.fields} />
      ) : null}
    </div>
  );
}

function OperationSection({ op }: { op: OperationView }) {
  const success = op.responses.filter((r) => !r.isError);
  const errors = op.responses.filter((r) => r.isError);
  return (
    <section id={op.anchor} className={styles.operation} data-operation={`${op.method} ${op.path}`}>
      <h3>
        <Method method={op.method} />
        <code>{op.path}</code>
      </h3>
      {op.summary ? <p className={styles.summary}>{op.summary}</p> : null}
      <div className={styles.facts}>
        <span>Scope: {op.scope ? <code>{op.scope}</code> : "any valid key"}</span>
        {op.operationId ? (
          <span>
            Operation id: <code>{op.operationId}</code>
          </span>
        ) : null}
        <span>Rate limit class: {op.method === "GET" ? "read" : "write"}</span>
      </div>
      <Text text={op.description} />

      {op.parameters.length ? (
        <>
          <h4>Parameters</h4>
          <ParameterTable rows={op.parameters} />
        </>
      ) : null}

      {op.requestBody ? (
        <>
          <h4>
            Request body{" "}
            <span className="small muted">
              ({op.requestBody.contentType}
              {op.requestBody.required ? ", required" : ", optional"})
            </span>
          </h4>
          <Text text={op.requestBody.description} />
          <FieldTable rows={op.requestBody.fields} />
        </>
      ) : null}

      <h4>Responses</h4>
      {success.map((r) => (
        <SuccessResponse key={r.status} response={r} />
      ))}
      {errors.length ? (
        <details className={styles.errors}>
          {/* No link inside <summary>: it is itself the control (axe: nested-interactive). */}
          <summary>Error responses: {errors.map((r) => r.status).join(", ")}</summary>
          <p>
            Body: <a href="#errors">Error</a>.
          </p>
          <Table head={["Status", "Description"]}>
            {errors.map((r) => (
              <tr key={r.status}>
                <td>
                  <Status status={r.status} />
                </td>
                <td>
                  <Text text={r.description} />
                </td>
              </tr>
            ))}
          </Table>
        </details>
      ) : null}
    </section>
  );
}

function Code({ children, wrap = false }: { children: string; wrap?: boolean }) {
  // Focusable, so a keyboard can scroll a block wider than the page (WCAG 2.1.1).
  return (
    <pre className={wrap ? `${styles.code} ${styles.wrap}` : styles.code} tabIndex={0}>
      {children}
    </pre>
  );
}

// ---------------------------------------------------------------------------------------------
// The page

export default async function ApiReference() {
  const host = (await headers()).get("host") ?? "localhost:3000";
  const base = `http://${host}`;
  const settings = serverSettings();
  const doc = buildOpenApiDocument(base, { operatorName: settings.operatorName }) as unknown as OpenApiDoc;
  const operations = listOperations(doc);
  const groups = groupByTag(operations);
  const limits = settings.rateLimits;
  const example = webhookExample(settings.operatorName);
  const schedule = retrySchedule();
  const errorSchema = doc.components?.schemas?.Error as Schema | undefined;
  const errorExample = new AppError("UNAUTHENTICATED", "Send the API key as `Authorization: Bearer <key_id>.<key_secret>`.").toBody();
  const events = Object.values(OrderStatus).filter(hasEvent);
  const scopeUse = new Map<string, OperationView[]>(SCOPES.map((s) => [s, operations.filter((op) => op.scope === s)]));
  // The sandbox's helpers, when the router has them (their paths say so, whatever their tag).
  const testHelpers = groups.find((g) => g.operations.some((op) => op.path.startsWith("/v1/test_helpers/")));
  const eventIdHeader = Object.keys(example.headers).find((h) => h.toLowerCase().endsWith("-event-id"));

  return (
    <div className={styles.layout}>
      <nav className={styles.toc} aria-label="Contents">
        <p className={styles.tocTitle}>Contents</p>
        <ol>
          <li>
            <a href="#authentication">Authentication</a>
          </li>
          <li>
            <a href="#errors">Errors</a>
          </li>
          <li>
            <a href="#rate-limits">Rate limits</a>
          </li>
          {groups.map((g) => (
            <li key={g.anchor}>
              <a href={`#${g.anchor}`}>{g.tag}</a>
              <ol>
                {g.operations.map((op) => (
                  <li key={op.anchor}>
                    <a href={`#${op.anchor}`} className={styles.tocOp}>
                      <Method method={op.method} />
                      <span>{op.path}</span>
                    </a>
                  </li>
                ))}
              </ol>
            </li>
          ))}
          <li>
            <a href="#webhooks">Webhooks</a>
          </li>
        </ol>
      </nav>

      <main>
        <header className={styles.header}>
          <p className="small">
            <a href="/">← Kuasa</a>
          </p>
          <h1>{doc.info?.title ?? "API reference"}</h1>
          <p className={styles.intro} lang="id">
            Referensi API untuk pengembang agen AI (dalam bahasa Inggris); semua teks untuk klien tetap dalam Bahasa Indonesia.
          </p>
          <Text text={doc.info?.description} className="lead" />
          <div className={styles.meta}>
            <span>
              Version <code>{doc.info?.version}</code> · OpenAPI <code>{doc.openapi}</code>
            </span>
            <span>
              Base URL <code>{base}</code>
            </span>
            <a className={styles.download} href="/v1/openapi.json" download="kuasa-openapi.json">
              Download /v1/openapi.json
            </a>
          </div>
        </header>

        <section id="authentication" className={styles.section}>
          <h2>Authentication</h2>
          <p>
            Every <code>/v1</code> operation needs an API key in the <code>Authorization</code> header (the OpenAPI document itself does
            not):
          </p>
          <Code>{`Authorization: Bearer <key_id>.<key_secret>`}</Code>
          <p>
            The key id says which kind of key it is: live keys start with <code>kk_live_</code>, test keys with <code>kk_test_</code>,
            followed by 16 base62 characters; the secret is 32 base62 characters. Both kinds are sent the same way. An organisation owner or
            admin creates keys in the organisation portal; the full key is shown once. A missing, malformed, unknown or revoked key is
            answered with 401 <code>UNAUTHENTICATED</code>; a key of an organisation that is not approved or is suspended with 403{" "}
            <code>ORGANIZATION_NOT_ACTIVE</code>.
          </p>
          {testHelpers ? (
            <p>
              A live key works on live data: the real deposit, real practitioners. A test key works in the sandbox, on test data only; the
              two never mix. With a test key, the <a href={`#${testHelpers.anchor}`}>{testHelpers.tag}</a> operations play the parts that
              people play in live mode (topping up, approving, working an order), so an integration can be run end to end before it goes
              live.
            </p>
          ) : null}
          <h3>Scopes</h3>
          <p>
            Each operation needs one scope on the key; without it the answer is 403 <code>INSUFFICIENT_SCOPE</code>.
          </p>
          <Table head={["Scope", "Operations"]}>
            {[...scopeUse].map(([scope, ops]) => (
              <tr key={scope}>
                <td className={styles.fieldName}>
                  <code>{scope}</code>
                </td>
                <td>
                  {ops.length
                    ? ops.map((op, i) => (
                        <span key={op.anchor}>
                          {i > 0 ? ", " : null}
                          <a href={`#${op.anchor}`} className={styles.nowrap}>
                            {op.method} {op.path}
                          </a>
                        </span>
                      ))
                    : "—"}
                </td>
              </tr>
            ))}
          </Table>
          <p>
            Amounts are whole rupiah (integer IDR). Request bodies are JSON, sent with <code>Content-Type: application/json</code>.
          </p>
        </section>

        <section id="errors" className={styles.section}>
          <h2>Errors</h2>
          <p>
            Every error, on every operation, has the same body with a stable <code>code</code> and a human <code>message</code>:
          </p>
          <Code>{JSON.stringify(errorExample, null, 2)}</Code>
          {errorSchema ? <FieldTable rows={schemaFields(doc, errorSchema)} /> : null}
          <h3>Error codes</h3>
          <Table head={["Code", "HTTP status", "Meaning"]}>
            {Object.entries(ERROR_CODES).map(([code, { status, description }]) => (
              <tr key={code}>
                <td className={styles.fieldName}>
                  <code>{code}</code>
                </td>
                <td>
                  <Status status={String(status)} />
                </td>
                <td>
                  <Text text={description} />
                </td>
              </tr>
            ))}
          </Table>
        </section>

        <section id="rate-limits" className={styles.section}>
          <h2>Rate limits</h2>
          <p>Limits are per API key, in fixed windows of {limits.windowSeconds} seconds, and shared by REST and MCP. On this server:</p>
          <Table head={["Class", "Operations", `Requests per ${limits.windowSeconds} s`]}>
            <tr>
              <td>read</td>
              <td>
                <code>GET</code>
              </td>
              <td>{limits.reads}</td>
            </tr>
            <tr>
              <td>write</td>
              <td>every other method</td>
              <td>{limits.writes}</td>
            </tr>
          </Table>
          <p>Every authenticated answer carries the window's state:</p>
          <Table head={["Response header", "Meaning"]}>
            <tr>
              <td className={styles.fieldName}>
                <code>RateLimit-Limit</code>
              </td>
              <td>Requests allowed in the window for this class.</td>
            </tr>
            <tr>
              <td className={styles.fieldName}>
                <code>RateLimit-Remaining</code>
              </td>
              <td>Requests left in the current window.</td>
            </tr>
            <tr>
              <td className={styles.fieldName}>
                <code>RateLimit-Reset</code>
              </td>
              <td>Seconds until the window resets.</td>
            </tr>
            <tr>
              <td className={styles.fieldName}>
                <code>Retry-After</code>
              </td>
              <td>
                On 429 <code>RATE_LIMITED</code> and 503 <code>SERVICE_UNAVAILABLE</code> (busy, nothing changed): seconds to wait before
                retrying.
              </td>
            </tr>
          </Table>
        </section>

        {groups.map((g) => (
          <section key={g.anchor} id={g.anchor} className={styles.section}>
            <h2>{g.tag}</h2>
            {g.operations.map((op) => (
              <OperationSection key={op.anchor} op={op} />
            ))}
          </section>
        ))}

        <section id="webhooks" className={styles.section}>
          <h2>Webhooks</h2>
          <p>
            Every change of an order&apos;s status is sent as a signed HTTP <code>POST</code> with a JSON body to the order&apos;s{" "}
            <code>callback_url</code>, otherwise to the webhook URL of the API key that created the order; with neither, nothing is sent
            (poll{" "}
            <a href={`#${operations.find((op) => op.method === "GET" && op.path === "/v1/orders/{id}")?.anchor ?? "tag-order"}`}>
              <code>GET /v1/orders/{"{id}"}</code>
            </a>
            ).
          </p>
          <p>
            Events are <code>order.&lt;new status&gt;</code>:{" "}
            {events.map((s, i) => (
              <span key={s}>
                {i > 0 ? ", " : null}
                <code>order.{s}</code>
              </span>
            ))}
            .
          </p>

          <p>
            Case-board events go to the webhook URL of the API key that submitted the case (cases have no <code>callback_url</code>), signed
            the same way:{" "}
            {CASE_EVENT_TYPES.map((type, i) => (
              <span key={type}>
                {i > 0 ? ", " : null}
                <code>{type}</code>
              </span>
            ))}
            . Their body is <code>id</code>, <code>event</code>, <code>sent_at</code>, then <code>case</code> (<code>id</code>,{" "}
            <code>status</code>, <code>area</code>, <code>selected_bid_id</code>, <code>order_id</code>, <code>updated_at</code>) and, on{" "}
            <code>case.bid_received</code>, <code>bid</code> (<code>id</code>, <code>status</code>, <code>price_idr</code>,{" "}
            <code>client_pays</code>, <code>eta_days</code>, <code>created_at</code>); <code>invoice.dibayar</code> carries{" "}
            <code>invoice</code> (<code>id</code>, <code>status</code>, <code>total_idr</code>, <code>case_id</code>, <code>order_id</code>,{" "}
            <code>updated_at</code>). Paying an invoice opens an order for the selected bid&apos;s work (already <code>diambil</code>),
            whose own <code>order.*</code> events follow. Contact data and the story are never in a payload.
          </p>

          <h3 id="order-timers">Timers on an order</h3>
          <p>
            Nothing waits forever. A delivered result (<code>diserahkan</code>) is accepted on the client&apos;s behalf at{" "}
            <code>auto_accept_at</code> ({settings.orderRules.autoAcceptDays} days after delivery on this server) unless the agent accepts,
            asks for a revision or disputes first. When every eligible practitioner has passed (or none is eligible), the order stays{" "}
            <code>ditawarkan</code> with <code>offering.stalled_since</code> set and is refunded in full at <code>offering.refund_at</code>{" "}
            ({settings.orderRules.offerStallHours} hours later on this server) unless the operator&apos;s team offers it again first; a
            message with role <code>system</code> says why. The client side may ask for {settings.orderRules.maxRevisions} revisions per
            order (<code>revision_count</code> counts them; then 409 <code>REVISION_LIMIT</code>). <code>sla_breached_at</code> is set when
            the SLA passes before delivery. Each of these sends the usual <code>order.*</code> event. In the sandbox, helpers make each
            timer due now.
          </p>

          <h3 id="webhook-payload">Payload</h3>
          <p>
            Exactly these fields, in this order. <code>id</code> is the event&apos;s id, the same in every attempt and redelivery and in{" "}
            <code>GET /v1/events</code>: drop an id you have already processed. <code>sent_at</code> is the time of this attempt, so every
            attempt has a different body and signature. Messages are not included: on <code>order.butuh_input_klien</code>, fetch the order
            to read the question.
          </p>
          <Code>{example.prettyBody}</Code>
          <p>
            Missed some (a receiver down past the last attempt, a restart)? <code>GET /v1/events</code> lists every event of the key&apos;s
            organisation and mode, kept at least 30 days, sent or not, with the webhook body minus <code>id</code> and <code>sent_at</code>{" "}
            as <code>data</code>. It is newest first, so the events after the last id you processed are reached with{" "}
            <code>ending_before=&lt;last id&gt;</code>: handle each page from its last element to its first, and repeat with the page&apos;s
            first (newest) id while <code>has_more</code> is true.
          </p>

          <h3 id="webhook-headers">Request headers</h3>
          <Table head={["Header", "Example value"]}>
            {Object.entries(example.headers).map(([name, value]) => (
              <tr key={name}>
                <td className={styles.fieldName}>
                  <code>{name}</code>
                </td>
                <td className={styles.wrap}>
                  <code>{value}</code>
                </td>
              </tr>
            ))}
          </Table>
          <p className="small muted">
            <code>{settings.operatorName}</code> is this operator&apos;s name (the <code>OPERATOR_NAME</code> setting).
            {eventIdHeader ? (
              <>
                {" "}
                <code>{eventIdHeader}</code> is the same for every attempt and redelivery of one event: use it to drop duplicates.
              </>
            ) : null}
          </p>

          <h3 id="webhook-signature">Signature</h3>
          <Code>{`${example.signatureHeader}: t=<unix seconds>,v1=<hex HMAC-SHA256(webhook_secret, t + "." + raw body)>`}</Code>
          <p>
            The key is the <code>webhook_secret</code> of the API key that created the order. Verify before parsing the JSON:
          </p>
          <ol className={styles.steps}>
            <li>
              Split the header at commas into <code>key=value</code> parts; take the one <code>t</code> and every <code>v1</code> (ignore
              other keys).
            </li>
            <li>
              Reject when <code>t</code> is more than {example.toleranceSeconds} seconds from your clock, in either direction.
            </li>
            <li>
              Compute HMAC-SHA256 of <code>t + &quot;.&quot; + rawBody</code> (the bytes exactly as received) and compare it in constant
              time with each <code>v1</code>; accept if one matches. After the secret is rotated, the header carries two <code>v1</code>{" "}
              (new secret, old secret) until the old one expires, 24 hours by default.
            </li>
          </ol>
          <h4>Worked example</h4>
          <div className={styles.callout}>
            <p>
              Secret: <code className={styles.wrap}>{example.secret}</code> (a sample)
            </p>
            <p>
              <code>t</code> = <code>{example.timestamp}</code> ({example.sentAt.toISOString()})
            </p>
            <p>Signed text (t, a dot, then the raw body as sent):</p>
            <Code wrap>{example.signedText}</Code>
            <p>Header:</p>
            <Code>{`${example.signatureHeader}: ${example.signature}`}</Code>
          </div>
          <h4>Verify with Node.js (no dependencies)</h4>
          <Code>{nodeSnippet(example)}</Code>
          <h4>Check with openssl</h4>
          <Code>{opensslSnippet(example)}</Code>

          <h3 id="webhook-retries">Delivery and retries</h3>
          <p>
            A delivery succeeds on a <code>2xx</code> answer within {settings.webhooks.timeoutMs / 1000} seconds. Anything else fails:
            another status, a timeout, a connection or TLS error, or any redirect (redirects are never followed). A failed delivery is tried
            again, at most {WEBHOOK_MAX_ATTEMPTS} attempts in all:
          </p>
          <Table head={["Attempt", "Wait after the previous failure", "Seconds after the first attempt"]}>
            {schedule.map((step) => (
              <tr key={step.attempt}>
                <td>{step.attempt}</td>
                <td>{step.attempt === 1 ? "—" : `${step.waitSeconds} s`}</td>
                <td>{step.atSeconds}</td>
              </tr>
            ))}
          </Table>
          <p>
            After the last failure the event is not sent again automatically. Delivery is at least once, by queue workers: the same event
            can arrive twice and events can arrive out of order. Treat <code>order.status</code> and <code>order.updated_at</code> as
            authoritative, answer quickly and process later, and re-fetch the order when in doubt.
          </p>
        </section>
      </main>
    </div>
  );
}

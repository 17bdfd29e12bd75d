/**
 * The service-shape check of `npm run lint`: every service function takes `(deps, { actor, … })`
 * (issue 38, docs/decisions/actor.md). A service function is an exported function of
 * src/server/services/ (a declaration, or a const bound to an arrow or function expression) whose
 * first parameter is named `deps`. It must have exactly two parameters, and the second must be an
 * object destructured in place whose type names `actor`. Functions whose first parameter is a
 * transaction (`tx`, `db`) are building blocks a service calls inside its own transaction, and
 * pure helpers take no deps: neither is a service function.
 *
 * A few functions on `deps` run before anyone is known to act, or are no action at all; they are
 * listed in EXEMPT with the reason, and the check fails when an exempt name no longer exists.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

export const EXEMPT: Record<string, string> = {
  publicUrlOf: "reads a setting off deps",
  orderRulesOf: "reads a setting off deps",
  apiVersionsOf: "reads a setting off deps",
  fileDepsOf: "reads a setting off deps",
  changeContextOf: "reads the clock and settings off deps for a status change",
  documentView: "reads the tax rule and corrected receipt for the view of a document a service already read",
  contentOf: "opens a stored file's bytes through deps' storage for a service that already read the file",
  authenticateApiKey: "builds the agent's actor from the key",
  findSessionAccount: "builds the portal user's actor from the session",
  liveSessionAccount: "builds the portal user's actor from the session",
  findPortalAccount: "reads the account sign-in is about to act as",
  hashPassword: "a computation on deps' hasher",
  verifyPassword: "a computation on deps' hasher",
  invalidateApiKeyCache: "empties this process's cache; no one's action",
  invalidateCatalogCache: "empties this process's cache; no one's action",
  runIdempotent: "the wrapper around a service's own call; the request names its owner",
  receiveUpload: "stores an upload's bytes before the request is authenticated",
  discardUpload: "deletes bytes of an upload that became nothing",
  namesOf: "a lookup of names for rows already read by a service",
  ensureDemo: "the demo data's setup, run as the seed",
  checkAuthorization: "OAuth's protocol endpoint; the parameters are the client's request",
  denyAuthorization: "OAuth's protocol endpoint; the parameters are the client's request",
  issueTokens: "OAuth's protocol endpoint; the parameters are the client's request",
  revokeToken: "OAuth's protocol endpoint; the parameters are the client's request",
};

export interface Violation {
  file: string;
  line: number;
  name: string;
  problem: string;
}

type FunctionLike = ts.FunctionDeclaration | ts.ArrowFunction | ts.FunctionExpression;

/** The service functions of one source file that do not take `(deps, { actor, … })`. */
export function checkServiceSource(file: string, text: string, exempt: Record<string, string> = EXEMPT): Violation[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Violation[] = [];
  const exported = (node: ts.Node) =>
    ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  const check = (name: string, fn: FunctionLike) => {
    const [first, second, ...more] = fn.parameters;
    if (first?.name.getText(source) !== "deps" || name in exempt) return;
    const line = source.getLineAndCharacterOfPosition(fn.getStart(source)).line + 1;
    const problem = !second
      ? "takes only deps: add { actor }"
      : more.length > 0
        ? "takes more than (deps, { … }): put the rest in the object"
        : !ts.isObjectBindingPattern(second.name)
          ? "its second parameter is not an object destructured in place"
          : !second.name.elements.some((e) => (e.propertyName ?? e.name).getText(source) === "actor")
            ? "its object has no actor"
            : null;
    if (problem) found.push({ file, line, name, problem });
  };
  for (const statement of source.statements) {
    if (!exported(statement)) continue;
    if (ts.isFunctionDeclaration(statement) && statement.name && statement.body) check(statement.name.text, statement);
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (ts.isIdentifier(declaration.name) && init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)))
          check(declaration.name.text, init);
      }
    }
  }
  return found;
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

/** Every violation under `root`/src/server/services, and exempt names that no longer exist. */
export function checkServices(root: string): string[] {
  const files = sourcesUnder(path.join(root, "src/server/services"));
  const texts = files.map((file) => readFileSync(file, "utf8"));
  const problems = files.flatMap((file, i) =>
    checkServiceSource(path.relative(root, file), texts[i]).map((v) => `${v.file}:${v.line}: ${v.name} ${v.problem}`),
  );
  for (const name of Object.keys(EXEMPT)) {
    if (!texts.some((text) => new RegExp(`export (async )?function ${name}\\b|export const ${name}\\b`).test(text))) {
      problems.push(`.ci/check-services.ts: EXEMPT names ${name}, which no service exports any more`);
    }
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = checkServices(path.resolve(path.dirname(fileURLToPath(import.meta.url)), ".."));
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`\n${problems.length} service function(s) do not take (deps, { actor, … }); see docs/decisions/actor.md.`);
    process.exit(1);
  }
}

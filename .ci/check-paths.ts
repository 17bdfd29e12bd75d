/**
 * The path check of `npm run lint`: fails when a comment in source, or a Markdown doc, names a
 * repository path that does not exist, so that comments and docs cannot go on citing files that
 * moved. Each finding is printed as `file:line: names path X, which does not exist`.
 *
 * Read: the comments of TypeScript and JavaScript (strings, templates and regular expressions are
 * told apart, so none is taken for a comment), SQL, CSS, the Prisma schema,
 * shell scripts and `.env.example`, wherever they are (src/, e2e/, bench/, prisma/, .ci/, the
 * root's config files); every line of Markdown (README.md, docs/, prisma/functions/README.md).
 * Not read: the migrations (prisma/migrations/<name>/migration.sql). The migration runner records
 * each one's sha256 and refuses to start when an applied one changed (src/server/db/migrate.ts),
 * so their comments stay as written; the current text of the SQL functions is in prisma/functions.
 *
 * A path is a word with a slash, without what follows it on a line (`place.ts:61`, `#anchor`)
 * or closes the sentence around it, that
 * - starts with `./`, `../` or `@/` (src/, as the imports say), or
 * - starts with a name that exists at the root, in src/server/, src/, src/app/ or beside the file, or
 * - ends in a file extension (.ts, .md, .sql, …).
 * It exists when it resolves from the file's own folder or one above it, or from src/server/
 * (`services/orders/place.ts`), src/ or src/app/, as a file, a folder or a module
 * (`services/access` is its index.ts, an import's `.js` its `.ts`).
 *
 * Not a path: URLs (`https://…`, `host.tld/…`), npm packages and their files (`@prisma/client`,
 * `trpc-to-openapi/dist/…`: a scope, or a first name that is an installed package), absolute and
 * API paths (`/v1/orders`, `/usr/bin/chromium`), MIME types and other prose (`application/json`,
 * `and/or`: no known first name, no extension), shell variables (`$work/…`) and setting
 * placeholders (`DATA_DIR/…`). Globs and templates are checked up to their first segment with
 * `*`, `?`, `{…}` or `<…>` (`src/server/services/**` is src/server/services). Whatever .gitignore
 * names (node_modules, .next, src/generated, …) is neither read nor a finding: it is generated or
 * local, absent from a clean clone.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export interface Finding {
  /** Relative to the root, with forward slashes. */
  file: string;
  line: number;
  /** The path as the text names it. */
  path: string;
}

/** Never read and never a finding, with what .gitignore names: installed, built, generated or local, none of them in a clean clone. */
const ALWAYS_IGNORED = [".git", "node_modules"];

/**
 * Folders a path may be written relative to, besides the file's own, those above it and the root:
 * the server's (`services/orders/place.ts`), src/ (`server/log`) and the App Router's
 * (`api/auth/[...nextauth]/route.ts`).
 */
const BASES = ["src/server", "src", "src/app"];

/** Extensions of files this repository holds: a word ending in one names a file. */
const FILE_EXTENSION = /\.(?:ts|tsx|mts|cts|js|mjs|cjs|json|md|sql|prisma|css|sh|toml|ya?ml|svg|txt|html)$/;

/** How a module is named without its extension, or with .js for a .ts file. */
const MODULE_SUFFIXES = ["", ".ts", ".tsx", ".mjs", ".cjs", ".js", ".md", "/index.ts", "/index.tsx"];

const SCRIPT_EXTENSIONS = new Set([".ts", ".tsx", ".mts", ".cts", ".js", ".mjs", ".cjs"]);

type Syntax = "script" | "sql" | "css" | "hash" | "prisma" | "markdown";

function syntaxOf(relative: string, text: () => string): Syntax | undefined {
  const base = path.posix.basename(relative);
  const ext = path.posix.extname(base);
  if (SCRIPT_EXTENSIONS.has(ext)) return "script";
  if (ext === ".sql") return "sql";
  if (ext === ".css") return "css";
  if (ext === ".prisma") return "prisma";
  if (ext === ".md") return "markdown";
  if (ext === ".sh" || ext === ".toml" || base === ".env.example") return "hash";
  if (ext === "" && text().startsWith("#!")) return "hash";
  return undefined;
}

/** One line of comment (or doc) text and its line number, from 1. */
interface TextLine {
  line: number;
  text: string;
}

/** Splits a piece of text starting at `offset` of `source` into lines with their numbers. */
function linesOf(offset: number, text: string, lineStarts: number[]): TextLine[] {
  let line = lineAt(lineStarts, offset);
  return text.split("\n").map((part) => ({ line: line++, text: part }));
}

function lineStartsOf(source: string): number[] {
  const starts = [0];
  for (let i = source.indexOf("\n"); i !== -1; i = source.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}

function lineAt(lineStarts: number[], offset: number): number {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((lineStarts[mid] as number) <= offset) low = mid;
    else high = mid - 1;
  }
  return low + 1;
}

/** Words after which a `/` starts a regular expression rather than dividing. */
const BEFORE_EXPRESSION = new Set([
  "return",
  "typeof",
  "instanceof",
  "in",
  "of",
  "new",
  "delete",
  "void",
  "throw",
  "case",
  "do",
  "else",
  "yield",
  "await",
]);

const isWordChar = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36 || c > 127;

/**
 * The comments of a TypeScript or JavaScript file. A lexer of only what can hide a comment marker
 * or look like one: strings, template literals (their `${…}` followed to the closing brace),
 * regular expressions (told from division by what precedes the slash) and comments themselves.
 */
function scriptComments(source: string): TextLine[] {
  const lineStarts = lineStartsOf(source);
  const found: TextLine[] = [];
  const n = source.length;
  // The open-brace depth at each `${` still open, innermost last: the `}` that closes one resumes its template.
  const templates: number[] = [];
  let braces = 0;
  let regexAllowed = true;
  /** From inside a template literal: past its closing backtick, or past a `${` (recorded). */
  const template = (from: number): number => {
    for (let i = from; i < n; i++) {
      const c = source[i];
      if (c === "\\") i++;
      else if (c === "`") return i + 1;
      else if (c === "$" && source[i + 1] === "{") {
        templates.push(braces);
        return i + 2;
      }
    }
    return n;
  };
  let i = 0;
  while (i < n) {
    const c = source[i] as string;
    const code = source.charCodeAt(i);
    if (c === "/" && source[i + 1] === "/") {
      const end = source.indexOf("\n", i);
      const stop = end === -1 ? n : end;
      found.push(...linesOf(i, source.slice(i, stop), lineStarts));
      i = stop;
    } else if (c === "/" && source[i + 1] === "*") {
      const end = source.indexOf("*/", i + 2);
      const stop = end === -1 ? n : end + 2;
      found.push(...linesOf(i, source.slice(i, stop), lineStarts));
      i = stop;
    } else if (c === "/" && regexAllowed) {
      // A regular expression to its closing slash (not one inside a class), or, at a line's end, a division after all.
      let j = i + 1;
      for (let inClass = false; j < n && source[j] !== "\n"; j++) {
        const d = source[j];
        if (d === "\\") j++;
        else if (d === "[") inClass = true;
        else if (d === "]") inClass = false;
        else if (d === "/" && !inClass) break;
      }
      i = j < n && source[j] === "/" ? j + 1 : i + 1;
      regexAllowed = false;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < n && source[j] !== c && source[j] !== "\n") j += source[j] === "\\" ? 2 : 1;
      i = j + 1;
      regexAllowed = false;
    } else if (c === "`") {
      i = template(i + 1);
      regexAllowed = false;
    } else if (c === "}" && templates.length > 0 && templates[templates.length - 1] === braces) {
      templates.pop();
      i = template(i + 1);
      regexAllowed = false;
    } else if (isWordChar(code)) {
      let j = i + 1;
      while (j < n && isWordChar(source.charCodeAt(j))) j++;
      regexAllowed = BEFORE_EXPRESSION.has(source.slice(i, j));
      i = j;
    } else {
      if (c === "{") braces++;
      else if (c === "}") braces--;
      // After a closing bracket a slash divides; after an operator or an opening one it starts a regular expression.
      if (c !== " " && c !== "\t" && c !== "\n" && c !== "\r") regexAllowed = c !== ")" && c !== "]" && c !== "}";
      i++;
    }
  }
  return found;
}

/** Comments of SQL: `--` to the end of the line and `/* … *\/`, outside quoted strings and names. */
function sqlComments(source: string): TextLine[] {
  const lineStarts = lineStartsOf(source);
  const found: TextLine[] = [];
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "'" || c === '"') {
      const end = source.indexOf(c, i + 1);
      i = end === -1 ? source.length : end;
    } else if (c === "-" && source[i + 1] === "-") {
      const end = source.indexOf("\n", i);
      const stop = end === -1 ? source.length : end;
      found.push(...linesOf(i, source.slice(i, stop), lineStarts));
      i = stop;
    } else if (c === "/" && source[i + 1] === "*") {
      const end = source.indexOf("*/", i + 2);
      const stop = end === -1 ? source.length : end + 2;
      found.push(...linesOf(i, source.slice(i, stop), lineStarts));
      i = stop - 1;
    }
  }
  return found;
}

/** Comments of CSS: `/* … *\/`. */
function cssComments(source: string): TextLine[] {
  const lineStarts = lineStartsOf(source);
  const found: TextLine[] = [];
  for (const match of source.matchAll(/\/\*[\s\S]*?(?:\*\/|$)/g)) found.push(...linesOf(match.index, match[0], lineStarts));
  return found;
}

/** Comments that start with `marker` (`#` in shell, `//` in the Prisma schema), outside quotes on their line. */
function lineComments(source: string, marker: "#" | "//"): TextLine[] {
  return source.split("\n").flatMap((text, index) => {
    let quote: string | undefined;
    for (let i = 0; i < text.length; i++) {
      const c = text[i] as string;
      if (quote) {
        if (c === "\\" && quote === '"') i++;
        else if (c === quote) quote = undefined;
      } else if (c === "'" || c === '"') {
        quote = c;
      } else if (marker === "#" ? c === "#" && (i === 0 || /\s/.test(text[i - 1] as string)) : text.startsWith("//", i)) {
        return [{ line: index + 1, text: text.slice(i) }];
      }
    }
    return [];
  });
}

function textLinesOf(syntax: Syntax, source: string): TextLine[] {
  switch (syntax) {
    case "script":
      return scriptComments(source);
    case "sql":
      return sqlComments(source);
    case "css":
      return cssComments(source);
    case "hash":
      return lineComments(source, "#");
    case "prisma":
      return lineComments(source, "//");
    case "markdown":
      return source.split("\n").map((text, index) => ({ line: index + 1, text }));
  }
}

/** URLs with a scheme and `mailto:` addresses: never repository paths. */
const URL_PATTERN = /\b[a-z][a-z0-9+.-]*:\/\/[^\s)>\]"'`]*|\bmailto:\S+/gi;

/** Characters of a path word; `,` only inside `{…}`. */
const PATH_CHAR = /[\w@.\-/[\]{}*~+]/;

/** The words of a line that could be paths: runs of path characters containing a slash, with where they start. */
function wordsOf(text: string): Array<{ word: string; before: string }> {
  const line = text.replace(URL_PATTERN, (url) => " ".repeat(url.length));
  const words: Array<{ word: string; before: string }> = [];
  let start = -1;
  let braces = 0;
  const flush = (end: number) => {
    if (start !== -1) {
      const word = line.slice(start, end);
      if (word.includes("/")) words.push({ word, before: line[start - 1] ?? "" });
    }
    start = -1;
    braces = 0;
  };
  for (let i = 0; i <= line.length; i++) {
    const c = line[i];
    const inPath = c !== undefined && (PATH_CHAR.test(c) || (c === "," && braces > 0) || (c === "<" && start !== -1) || c === ">");
    if (inPath) {
      if (start === -1) start = i;
      if (c === "{") braces++;
      else if (c === "}") braces = Math.max(0, braces - 1);
    } else {
      flush(i);
    }
  }
  return words;
}

/** A word as a path: line and column suffixes, anchors and closing punctuation dropped. */
function cleanPath(word: string): string {
  // Markdown's emphasis (`**src/server.ts**`), or a glob's ends (`src/**`), which name the folder before them.
  let cleaned = word.replace(/^\*+|\*+$/g, "");
  // Brackets around it (a link's text, `[prisma/schema.prisma]`) or opening before it; Next's folders (`[id]/…`) close inside.
  for (let open = cleaned[0]; open === "[" || open === "("; open = cleaned[0]) {
    const close = cleaned.indexOf(open === "[" ? "]" : ")");
    if (close !== -1 && close !== cleaned.length - 1) break;
    cleaned = cleaned.slice(1, close === -1 ? undefined : -1);
  }
  cleaned = cleaned.replace(/#.*$/, "").replace(/(?::\d+)+$/, "");
  for (;;) {
    const trimmed = cleaned.replace(/[.,:;!?'"`]+$/, "");
    const unbalanced = (open: string, close: string) =>
      trimmed.endsWith(close) && trimmed.split(open).length < trimmed.split(close).length ? trimmed.slice(0, -1) : trimmed;
    const next = unbalanced("(", ")") === trimmed ? unbalanced("[", "]") : unbalanced("(", ")");
    if (next === cleaned) return cleaned;
    cleaned = next;
  }
}

/** The segments before the first pattern or placeholder segment (`*`, `?`, `{…}`, `<…>`): what must exist. */
function staticPart(candidate: string): { prefix: string; pattern: boolean } {
  const segments = candidate.split("/");
  const first = segments.findIndex((segment) => /[*?{}<>]/.test(segment));
  if (first === -1) return { prefix: candidate, pattern: false };
  return { prefix: segments.slice(0, first).join("/"), pattern: true };
}

/** `.gitignore`'s patterns as tests of a path from the root (its plain forms: names, anchored paths, `*`, `**`; no `!`). */
function ignorePatterns(root: string): Array<(relative: string) => boolean> {
  let text = "";
  try {
    text = readFileSync(path.join(root, ".gitignore"), "utf8");
  } catch {}
  const lines = [...ALWAYS_IGNORED, ...text.split("\n")].map((line) => line.trim()).filter((line) => line && !/^[#!]/.test(line));
  return lines.map((line) => {
    const pattern = line.replace(/\/$/, "");
    const anchored = pattern.includes("/");
    const source = pattern
      .replace(/^\//, "")
      .replace(/[.+^$()|[\]\\]/g, "\\$&")
      .replace(/\*\*\/?|\*|\?/g, (glob) => (glob.startsWith("**") ? ".*" : glob === "*" ? "[^/]*" : "[^/]"));
    const test = new RegExp(`^${source}$`);
    if (!anchored) return (relative: string) => relative.split("/").some((segment) => test.test(segment));
    // The path itself or a folder above it.
    return (relative: string) => relative.split("/").some((_, i, segments) => test.test(segments.slice(0, i + 1).join("/")));
  });
}

class Repository {
  private readonly exists = new Map<string, boolean>();
  private readonly entries = new Map<string, ReadonlySet<string>>();
  private readonly ignores: Array<(relative: string) => boolean>;

  constructor(readonly root: string) {
    this.ignores = ignorePatterns(root);
  }

  /** Whether git ignores the path (or one of its folders): generated, installed or local, absent from a clean clone. */
  ignored(relative: string): boolean {
    return this.ignores.some((test) => test(relative));
  }

  /** Whether `relative` (a normalized path inside the root) is a file or folder. */
  has(relative: string): boolean {
    let known = this.exists.get(relative);
    if (known === undefined) {
      known = existsSync(path.join(this.root, relative));
      this.exists.set(relative, known);
    }
    return known;
  }

  /** The names in a folder of the repository (empty when it is none). */
  namesIn(relative: string): ReadonlySet<string> {
    let names = this.entries.get(relative);
    if (!names) {
      try {
        names = new Set(readdirSync(path.join(this.root, relative)));
      } catch {
        names = new Set();
      }
      this.entries.set(relative, names);
    }
    return names;
  }

  /** Whether a module or file path exists as written, or as a module is named (without extension, .js for .ts). */
  resolves(relative: string): boolean {
    if (this.has(relative)) return true;
    const bare = relative.replace(/\/$/, "");
    if (MODULE_SUFFIXES.some((suffix) => this.has(bare + suffix))) return true;
    const js = /\.(m|c)?js$/.exec(bare);
    return js !== null && [".ts", ".tsx", ".mts", ".cts"].some((ext) => this.has(bare.slice(0, -js[0].length) + ext));
  }
}

/** `relative` normalized inside the root, or undefined when it leaves it. */
function inside(base: string, candidate: string): string | undefined {
  const joined = path.posix.normalize(path.posix.join(base, candidate)).replace(/\/$/, "");
  if (joined === ".." || joined.startsWith("../")) return undefined;
  return joined === "." ? "" : joined;
}

/** A folder and each folder above it, the root ("") last. */
function foldersUp(dir: string): string[] {
  const folders: string[] = [];
  for (let at = dir === "." ? "" : dir; ; at = path.posix.dirname(at) === "." ? "" : path.posix.dirname(at)) {
    folders.push(at);
    if (at === "") return folders;
  }
}

/**
 * The path a word of `file` names, when it names one that does not exist; undefined when it names
 * an existing one or is not a repository path at all.
 */
function missingPath(repo: Repository, file: string, word: string, before: string): string | undefined {
  // Under a shell or template variable (`$work/…`, `${dir}/…`), or a host's port (`127.0.0.1:5432/test`).
  if (before === "$" || before === "}" || before === ":") return undefined;
  const candidate = cleanPath(word);
  if (!candidate.includes("/") || candidate.startsWith("/") || candidate.startsWith("~")) return undefined;
  if (candidate.startsWith("@") && !candidate.startsWith("@/")) return undefined;
  const dir = path.posix.dirname(file);
  let bases: string[];
  let rest = candidate;
  if (candidate.startsWith("@/")) {
    bases = ["src"];
    rest = candidate.slice(2);
  } else if (candidate.startsWith("./")) {
    // Beside the file, or from the root as a command line says it (`./src/webhook-verifier`).
    bases = [dir, ""];
  } else if (candidate.startsWith("../")) {
    bases = [dir];
  } else {
    bases = [...new Set([...foldersUp(dir), ...BASES])];
  }
  const { prefix, pattern } = staticPart(rest);
  if (prefix === "") return undefined;
  const resolved = bases.flatMap((base) => inside(base, prefix) ?? []);
  if (resolved.some((relative) => repo.ignored(relative))) return undefined;
  // `@/…` and `../…` say they are paths; anything else is one when it starts where a path starts, or names a file.
  if (!candidate.startsWith("@/") && !candidate.startsWith("../")) {
    const first = prefix.replace(/^(?:\.\/)+/, "").split("/")[0] as string;
    // A placeholder of a setting (`DATA_DIR/demo-admin.txt`), not a folder.
    if (/^[A-Z][A-Z0-9_]*$/.test(first)) return undefined;
    // Folders above the file's own resolve a path but do not make one (`files/2026/11/x` under services/files is a storage key).
    const named = [...new Set(["", ...BASES, dir])].some((base) => repo.namesIn(base).has(first));
    if (!named) {
      if (pattern || !FILE_EXTENSION.test(prefix)) return undefined;
      // A package's file (`trpc-to-openapi/dist/index.js`) or a host's (`example.com/a.md`).
      const host = prefix.includes("/") && /\.[a-z]{2,}$/i.test(first) && !FILE_EXTENSION.test(first);
      if (host || repo.has(`node_modules/${first}`)) return undefined;
    }
  }
  return resolved.some((relative) => repo.resolves(relative)) ? undefined : candidate;
}

/** Every file to read, relative to the root, in name order. */
function filesToRead(repo: Repository): string[] {
  const files: string[] = [];
  const walk = (relative: string) => {
    for (const name of [...repo.namesIn(relative)].sort()) {
      const child = relative === "" ? name : `${relative}/${name}`;
      if (repo.ignored(child)) continue;
      let isDirectory: boolean;
      try {
        isDirectory = statSync(path.join(repo.root, child)).isDirectory();
      } catch {
        continue;
      }
      if (isDirectory) walk(child);
      else files.push(child);
    }
  };
  walk("");
  return files.filter((file) => {
    if (/^prisma\/migrations\/[^/]+\/migration\.sql$/.test(file)) return false;
    return true;
  });
}

/** Every path named in a comment or doc of the repository at `root` that does not exist there. */
export function checkPaths(root: string): Finding[] {
  const repo = new Repository(root);
  const findings: Finding[] = [];
  for (const file of filesToRead(repo)) {
    let source: string | undefined;
    const read = () => {
      source ??= readFileSync(path.join(root, file), "utf8");
      return source;
    };
    const syntax = syntaxOf(file, read);
    if (!syntax) continue;
    for (const { line, text } of textLinesOf(syntax, read())) {
      for (const { word, before } of wordsOf(text)) {
        const missing = missingPath(repo, file, word, before);
        if (missing !== undefined) findings.push({ file, line, path: missing });
      }
    }
  }
  return findings;
}

export const describeFinding = (finding: Finding) => `${finding.file}:${finding.line}: names path ${finding.path}, which does not exist`;

const invokedDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  const root = path.resolve(import.meta.dirname, "..");
  const findings = checkPaths(root);
  for (const finding of findings) console.error(describeFinding(finding));
  if (findings.length > 0) {
    console.error(
      `\n${findings.length} comment${findings.length === 1 ? "" : "s"} or doc lines name paths that do not exist (.ci/check-paths.ts).`,
    );
    process.exit(1);
  }
}

import { describe, expect, it } from "vitest";
import { ERROR_CODES, type ErrorCode } from "@/server/domain/errors";
import { errorBody } from "./api-error";
import { errorAnchor, guideMarkdown } from "./openapi-guide";

const CODES = Object.keys(ERROR_CODES) as ErrorCode[];
const guide = guideMarkdown("https://api.kuasa.co.id", "Kuasa");

interface Heading {
  level: number;
  name: string;
  /** The text under the heading, up to the next heading. */
  body: string;
  /** The id Redoc gives it, or null when it makes no section of it. */
  id: string | null;
}

/**
 * The guide's headings with the ids Redoc 2.5 gives them (MarkdownRenderer.saveHeading): a
 * level-1 heading is `section/<slug>`, a level-2 heading under one `<its id>/<slug>`, any other
 * none. The slug here is Redoc's for what the guide's headings are made of (letters, digits, `_`
 * and spaces, which become `-`); e2e/docs.spec.ts checks the real one in a browser.
 */
function headingsOf(markdown: string): Heading[] {
  const headings: Heading[] = [];
  let fenced = false;
  let parent: Heading | null = null;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    const match = fenced ? null : /^(#{1,6}) (.+)$/.exec(line);
    if (!match) {
      const current = headings.at(-1);
      if (current) current.body += `${line}\n`;
      continue;
    }
    const [, hashes, name] = match as unknown as [string, string, string];
    expect(name, "a heading Redoc's slug would change").toMatch(/^[A-Za-z0-9_ ]+$/);
    const slug = name.replaceAll(" ", "-");
    const level = hashes.length;
    const id = level === 1 ? `section/${slug}` : level === 2 && parent ? `${parent.id}/${slug}` : null;
    const heading: Heading = { level, name, body: "", id };
    if (level === 1) parent = heading;
    headings.push(heading);
  }
  return headings;
}

describe("the guide's error codes, each under a heading of its own", () => {
  const headings = headingsOf(guide);
  const errors = headings.findIndex((heading) => heading.level === 1 && heading.name === "Errors");
  const next = headings.findIndex((heading, i) => i > errors && heading.level === 1);
  const underErrors = headings.slice(errors + 1, next === -1 ? undefined : next);

  it("gives every code of the table, and nothing else, a level-2 heading under Errors, in the table's order", () => {
    expect(errors).toBeGreaterThan(-1);
    expect(underErrors.map((heading) => `${heading.level} ${heading.name}`)).toEqual(CODES.map((code) => `2 ${code}`));
  });

  it("says under each its HTTP status, what it means and what to do, from the table", () => {
    for (const heading of underErrors) {
      const { status, description, whatToDo } = ERROR_CODES[heading.name as ErrorCode];
      expect(heading.body, heading.name).toContain(`HTTP ${status}. ${description}`);
      expect(heading.body, heading.name).toContain(whatToDo);
    }
  });

  it("has errorAnchor name the id Redoc gives each code's heading, and only that heading", () => {
    for (const code of CODES) {
      const anchored = headings.filter((heading) => heading.id === errorAnchor(code));
      expect(
        anchored.map((heading) => heading.name),
        code,
      ).toEqual([code]);
    }
  });

  it("gives every error body of each code a doc_url at that code's heading in this server's /docs", () => {
    for (const code of CODES) {
      const [heading] = headings.filter((candidate) => candidate.name === code);
      for (const publicUrl of ["https://api.kuasa.co.id", "https://api.kuasa.co.id/"]) {
        const { doc_url } = errorBody({ code, message: "…" }, "req_x", publicUrl).error;
        expect(doc_url, code).toBe(`https://api.kuasa.co.id/docs#${heading?.id}`);
      }
    }
    // The example the guide gives is one of them.
    expect(guide).toContain("`https://api.kuasa.co.id/docs#section/Errors/VALIDATION`");
  });

  it("makes each of its sections a level-1 heading, so the codes' level-2 headings are Redoc sections", () => {
    expect(headings.filter((heading) => heading.level === 1).map((heading) => heading.name)).toEqual([
      "Quick start",
      "Errors",
      "Versions",
      "Webhooks and their signature",
      "For agents talking to people",
    ]);
    expect(headings.filter((heading) => heading.id === null)).toEqual([]);
  });
});

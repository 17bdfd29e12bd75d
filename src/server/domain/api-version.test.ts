import { describe, expect, it } from "vitest";
import {
  API_VERSIONS,
  type ApiVersion,
  currentVersion,
  pinnedVersion,
  renderForVersion,
  requestedVersion,
  type VersionTable,
  versionHeaders,
} from "./api-version";
import { AppError } from "./errors";

/** A field renamed, as a version would do it: the old name back for callers of the previous version. */
const renamed = (from: string, to: string) => (answer: unknown) => {
  const { [to]: value, ...rest } = answer as Record<string, unknown>;
  return to in (answer as object) ? { ...rest, [from]: value } : answer;
};

const first: ApiVersion = {
  date: "2026-11-28",
  summary: "first",
  status: "deprecated",
  deprecation: { since: "2027-03-01", sunset: "2028-03-01" },
  changes: [],
};
const second: ApiVersion = {
  date: "2027-03-01",
  summary: "deposit_idr is deposit",
  status: "supported",
  changes: [{ description: "deposit_idr renamed deposit", operations: ["balance.get"], toPrevious: renamed("deposit_idr", "deposit") }],
};
const third: ApiVersion = {
  date: "2027-09-01",
  summary: "deposit is deposit_amount",
  status: "current",
  changes: [
    {
      description: "deposit renamed deposit_amount",
      operations: ["balance.get", "webhook"],
      toPrevious: renamed("deposit", "deposit_amount"),
    },
  ],
};
const TABLE: VersionTable = [first, second, third];

/** What breaks the rules of docs/versions.md in a table, each problem in words. */
function tableProblems(table: VersionTable): string[] {
  const months = (from: string, to: string) => {
    const [a, b] = [new Date(from), new Date(to)];
    return (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth() - (b.getUTCDate() < a.getUTCDate() ? 1 : 0);
  };
  const problems: string[] = [];
  for (const [i, version] of table.entries()) {
    const { date } = version;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date)
      problems.push(`${date} is no day`);
    if (i > 0 && date <= table[i - 1]!.date) problems.push(`${date} is not after ${table[i - 1]!.date}`);
    if (i > 0 && version.changes.length === 0) problems.push(`${date} lists no change`);
    if ((version.status === "current") !== (i === table.length - 1)) problems.push(`${date} is ${version.status}`);
    if (version.status === "deprecated") {
      const replacedOn = table[i + 1]?.date ?? date;
      if (!version.deprecation) problems.push(`${date} is deprecated without a sunset`);
      else if (months(replacedOn, version.deprecation.sunset) < 12) problems.push(`${date} ends less than 12 months after ${replacedOn}`);
    }
  }
  return problems;
}

describe("the table of versions", () => {
  it("starts with 2026-11-28, the shape of every answer when versions began, with no changes", () => {
    expect(API_VERSIONS[0].date).toBe("2026-11-28");
    expect(API_VERSIONS[0].changes).toEqual([]);
  });

  it("keeps the rules: real days in release order, the newest alone current, changes listed, 12 months before a sunset", () => {
    expect(tableProblems(API_VERSIONS)).toEqual([]);
    expect(tableProblems(TABLE)).toEqual([]);
    const broken: VersionTable = [
      { ...first, deprecation: { since: "2027-03-01", sunset: "2027-12-01" } },
      { ...second, changes: [] },
      { ...third, status: "supported" },
    ];
    expect(tableProblems(broken)).toEqual([
      "2026-11-28 ends less than 12 months after 2027-03-01",
      "2027-03-01 lists no change",
      "2027-09-01 is supported",
    ]);
    expect(
      tableProblems([
        { ...second, date: "2027-02-30" },
        { ...third, date: "2027-01-01" },
      ]),
    ).toEqual(["2027-02-30 is no day", "2027-01-01 is not after 2027-02-30"]);
  });
});

describe("the version of a request", () => {
  it("is the key's own when the request names none, and the named one when it is known", () => {
    expect(requestedVersion(TABLE, undefined)).toBeUndefined();
    expect(requestedVersion(TABLE, "2027-03-01")).toBe(second);
    expect(requestedVersion(TABLE, " 2026-11-28 ")).toBe(first);
  });

  it.each([["latest"], ["2027-3-1"], [""], ["2027-03-01, 2027-09-01"], ["2027-03-01T00:00:00Z"]])(
    "refuses %j as malformed, naming the header and the known versions",
    (value) => {
      const refusal = (() => {
        try {
          requestedVersion(TABLE, value);
        } catch (err) {
          return err;
        }
      })();
      expect(refusal).toBeInstanceOf(AppError);
      expect(refusal).toMatchObject({ code: "VALIDATION", param: "Kuasa-Version" });
      expect((refusal as AppError).message).toContain("2026-11-28, 2027-03-01, 2027-09-01");
    },
  );

  it("refuses a well-formed date that is no version", () => {
    expect(() => requestedVersion(TABLE, "2027-01-01")).toThrow(
      "Kuasa-Version 2027-01-01 is not a known version; the known versions are 2026-11-28, 2027-03-01, 2027-09-01.",
    );
  });

  it("pins a key to its stored version, and one whose version left the table to the oldest served", () => {
    expect(pinnedVersion(TABLE, "2027-03-01")).toBe(second);
    expect(pinnedVersion(TABLE, "2026-01-01")).toBe(first);
    expect(currentVersion(TABLE)).toBe(third);
  });
});

describe("answers in a caller's version", () => {
  const answer = { deposit_amount: 5, livemode: true };

  it("gives the current version's caller the answer itself", () => {
    expect(renderForVersion(TABLE, "balance.get", answer, third)).toBe(answer);
  });

  it("undoes each newer version's change in turn, newest first", () => {
    expect(renderForVersion(TABLE, "balance.get", answer, second)).toEqual({ deposit: 5, livemode: true });
    expect(renderForVersion(TABLE, "balance.get", answer, first)).toEqual({ deposit_idr: 5, livemode: true });
  });

  it("leaves operations no change names as they are", () => {
    expect(renderForVersion(TABLE, "orders.get", answer, first)).toBe(answer);
    // The webhook shares only the third version's change.
    expect(renderForVersion(TABLE, "webhook", answer, first)).toEqual({ deposit: 5, livemode: true });
  });
});

describe("the headers of an answer", () => {
  it("name the version, and for a deprecated one when it was deprecated and when it ends", () => {
    expect(versionHeaders(third)).toEqual({ "Kuasa-Version": "2027-09-01" });
    expect(versionHeaders(first)).toEqual({
      "Kuasa-Version": "2026-11-28",
      Deprecation: `@${Date.UTC(2027, 2, 1) / 1000}`,
      Sunset: "Wed, 01 Mar 2028 00:00:00 GMT",
    });
  });
});

import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";

/**
 * Runs axe (WCAG 2.0 A/AA and 2.1 AA rules) on the page as it is now and fails on every serious
 * or critical violation, naming the rule and the elements. `exclude`: a CSS selector of parts
 * left out (repeats of one component on a very long page). Minor and moderate findings are
 * attached to the test for a human look, not failed on.
 */
export async function expectNoSeriousA11yViolations(page: Page, testInfo?: TestInfo, options: { exclude?: string } = {}) {
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]);
  if (options.exclude) builder.exclude(options.exclude);
  const results = await builder.analyze();
  if (testInfo && results.violations.length > 0) {
    await testInfo.attach("axe-violations", { body: JSON.stringify(results.violations, null, 2), contentType: "application/json" });
  }
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(" ")}: ${n.failureSummary?.split("\n").slice(1).join("; ")}`).join("\n")}`,
  );
  expect(report, `axe found serious violations on ${page.url()}:\n${report.join("\n")}`).toEqual([]);
}

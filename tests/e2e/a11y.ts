import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** The rules the shop promises to meet: WCAG 2.1 levels A and AA (issue 12). */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * Runs axe-core on the page as it is now and fails (softly, so one run lists every page's
 * problems) with each violation's rule, impact, and the elements it found, so the message alone
 * says what to fix.
 */
export async function expectNoViolations(page: Page, state: string) {
  // Hydration and route transitions settle first; a half-painted page gives false contrast results.
  await page.waitForLoadState("networkidle");
  // Legacy mode runs axe in the page itself instead of opening a blank page per check to merge
  // frame results: the shop has no iframes, and each check saves opening a page.
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true).analyze();
  const found = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes.map((n) => `    ${n.target.join(" ")}\n      ${(n.failureSummary ?? "").replace(/\n/g, "\n      ")}`).join("\n"),
  );
  expect.soft(found, `axe violations on ${state} (${page.url()})`).toEqual([]);
}

/** Lets a form submit without the browser's own checks, so the server's field messages show. */
export async function skipBrowserValidation(page: Page) {
  await page.locator("form").evaluateAll((forms) => forms.forEach((f) => ((f as HTMLFormElement).noValidate = true)));
}

import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { query } from "./db";

/** UK GDPR in the browser: download your data, then delete your account. */
const PASSWORD = "Juniper-Falcon-5120";

async function registerAndSignIn(page: Page, email: string) {
  await page.goto("/register");
  await page.getByLabel("Full name").fill("Brock Harrison");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/login\?registered=true$/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/account$/);
}

test("your data: download it as JSON, then delete the account (wrong password first)", async ({ page }, testInfo) => {
  const email = `data-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}@e2e.nearmint.test`;
  await registerAndSignIn(page, email);

  await page.getByRole("link", { name: "Your data" }).click();
  await expect(page).toHaveURL(/\/account\/data$/);
  await expect(page.getByRole("heading", { name: "Your data", level: 1 })).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download my data" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^nearmint-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile((await download.path())!, "utf8"));
  expect(exported.account.email).toBe(email);
  expect(exported.profile.fullName).toBe("Brock Harrison");

  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: testInfo.outputPath("your-data-phone.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByLabel("Your password, to confirm").fill("not-the-password");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByRole("alert")).toContainText("That password is not right, so nothing was deleted.");

  await page.getByLabel("Your password, to confirm").fill(PASSWORD);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/account\/erased$/);
  await expect(page.getByRole("heading", { name: "Your account has been deleted" })).toBeVisible();

  // Signed out, and the old sign-in no longer works.
  await page.goto("/account");
  await expect(page).toHaveURL(/\/login/);
  const rows = await query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE email = $1", [email]);
  expect(rows[0]!.n).toBe(0);
});

import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";

/**
 * Two-factor sign-in in a real browser: turn it on from the account page with the key shown on
 * the page (the test plays the phone's authenticator app), sign out, and sign in again with the
 * password and then a code.
 */
const PASSWORD = "Copper-Kestrel-5120";

function codeAt(secret: string, offsetSteps = 0) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

async function logIn(page: Page, email: string) {
  // Typed before the page has hydrated, the email was once lost (CI flake): let it settle first.
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Email").fill(email);
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
}

test("enrol in two-factor sign-in → logout → login with password and a code", async ({ page, context }) => {
  const email = `totp-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}@e2e.nearmint.test`;
  await page.goto("/register");
  await page.getByLabel("Full name").fill("Misty Waterflower");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/login\?registered=true$/);
  await logIn(page, email);
  await expect(page).toHaveURL(/\/account$/);

  await page.getByRole("link", { name: "Set up two-factor sign-in" }).click();
  await expect(page).toHaveURL(/\/account\/two-factor$/);
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(page.getByRole("img", { name: "QR code to scan with your authenticator app" })).toBeVisible();
  const secret = (await page.locator("#totp-secret").textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  await page.getByLabel("6-digit code").fill(codeAt(secret));
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Two-factor sign-in is now on." })).toBeVisible();
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await expect(page.getByText("Two-factor sign-in is on. You have 10 unused recovery codes.")).toBeVisible();

  await page.goto("/account");
  await expect(page.getByText("On: logging in needs a code from your authenticator app.")).toBeVisible();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The password alone leads to the code form, not into the account.
  await logIn(page, email);
  await expect(page).toHaveURL(/\/login\/two-factor$/);
  expect((await context.cookies()).find((c) => c.name === "nm_session")).toBeUndefined();
  const pending = (await context.cookies()).find((c) => c.name === "nm_2fa_pending");
  expect(pending).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/login" });

  await page.getByLabel("Authentication code").fill("000000" === codeAt(secret, 1) ? "111111" : "000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toContainText("That code is not right or has already been used.");

  // The step used to turn it on is spent: the next step's code (within the ±1 window) signs in.
  await page.getByLabel("Authentication code").fill(codeAt(secret, 1));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { name: "Profile" })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === "nm_session")).toBeDefined();
});

import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { query } from "./db";
import { waitForEmail } from "./mail";

/**
 * Signing in for browser tests, shared by every spec that needs the admin (the only address in
 * the e2e server's ADMIN_EMAILS) or a fresh customer. Specs may run side by side in two
 * workers: they all give the admin the same password, so whichever registers it first, and
 * whichever copies a password in later, every spec can sign in with PASSWORD. The admin role
 * needs a verified email (decision 0011): the admin verifies the honest way, signed in, through
 * the link the shop emailed to the test SMTP server at sign-up (see verifyThroughEmail).
 */
export const ADMIN_EMAIL = "admin@e2e.nearmint.test";
export const PASSWORD = "Wholesale-e2e-Review-7391";

export function uniqueEmail(label: string) {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

/**
 * Registers an account through /register (and, if it already exists with an unknown password,
 * gives it ours by copying the hash of a throwaway account), then signs in through /login. The
 * admin, while unverified, first signs in and uses its emailed link (the button works only for
 * a browser signed in to the account), then signs in again if that session has gone meanwhile.
 */
export async function signIn(page: Page, email: string, fullName: string, redirectTo: string) {
  async function register(address: string) {
    await page.goto("/register");
    await page.getByLabel("Full name").fill(fullName);
    await page.getByLabel("Email").fill(address);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    const registered = page.waitForURL((url) => url.pathname === "/login").then(() => true);
    const exists = page
      .getByText("An account with this email already exists")
      .waitFor()
      .then(() => false);
    return Promise.race([registered, exists]);
  }
  if (!(await register(email))) {
    const throwaway = uniqueEmail("password-donor");
    expect(await register(throwaway)).toBe(true);
    await query("UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE email = $1) WHERE email = $2", [
      throwaway,
      email,
    ]);
  }
  if (email === ADMIN_EMAIL && !(await isVerified(email))) {
    await logIn(page, email, "/account");
    await verifyThroughEmail(page, email);
  }
  await logIn(page, email, redirectTo);
}

/**
 * Signs in through /login, which sends a browser that is signed in already straight on. A
 * session can end under a spec: another worker verifying the admin ends the admin's other
 * sessions (decision 0011); the form then shows and is filled in again.
 */
async function logIn(page: Page, email: string, redirectTo: string) {
  await page.goto(`/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  if (new URL(page.url()).pathname !== "/login") return;
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL((url) => url.pathname !== "/login");
}

async function isVerified(email: string) {
  const [row] = await query<{ verified: boolean }>("SELECT email_verified_at IS NOT NULL AS verified FROM users WHERE email = $1", [email]);
  return Boolean(row?.verified);
}

/**
 * Opens the verification link from the sign-up email (delivered by the outbox worker to the
 * test SMTP server) in a browser signed in to the account, and presses its button, unless the
 * account is verified already. Two specs may race for the one link: whichever loses finds the
 * account verified all the same.
 */
export async function verifyThroughEmail(page: Page, email: string) {
  if (await isVerified(email)) return;
  const mail = await waitForEmail(email, (m) => m.subject.startsWith("Verify your email address"));
  const link = mail.text.match(/https?:\/\/\S+\/verify-email\/[A-Za-z0-9_-]{43}/)?.[0];
  expect(link, mail.text).toBeTruthy();
  await page.goto(link!);
  const button = page.getByRole("button", { name: "Verify my email address" });
  // Whichever of two racing specs clicks second gets the spent link's page: that is fine.
  if (await button.isVisible()) await button.click();
  await expect.poll(() => isVerified(email)).toBe(true);
}

export function signInAsAdmin(page: Page, redirectTo = "/admin") {
  return signIn(page, ADMIN_EMAIL, "Shop Admin", redirectTo);
}

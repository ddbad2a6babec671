import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { query } from "./db";

/**
 * Signing in for browser tests, shared by every spec that needs the admin (the only address in
 * the e2e server's ADMIN_EMAILS) or a fresh customer. Specs may run side by side in two
 * workers: they all give the admin the same password, so whichever registers it first, and
 * whichever copies a password in later, every spec can sign in with PASSWORD.
 */
export const ADMIN_EMAIL = "admin@e2e.nearmint.test";
export const PASSWORD = "Wholesale-e2e-Review-7391";

export function uniqueEmail(label: string) {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

/**
 * Registers an account through /register (and, if it already exists with an unknown password,
 * gives it ours by copying the hash of a throwaway account), then signs in through /login.
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
  await page.goto(`/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL((url) => url.pathname !== "/login");
}

export function signInAsAdmin(page: Page, redirectTo = "/admin") {
  return signIn(page, ADMIN_EMAIL, "Shop Admin", redirectTo);
}

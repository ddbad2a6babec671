import { randomBytes } from "node:crypto";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { expectNoViolations } from "./a11y";
import { query } from "./db";
import { receivedEmails, waitForEmail } from "./mail";

/**
 * Accounts in a real browser against the production build: sign-up, sign-in with and
 * without "remember me", the profile, sign-out, protected pages, and a password reset
 * through the email the shop really sent to the test SMTP server.
 */
const PASSWORD = "Tangerine-Otter-2048";
const NEW_PASSWORD = "Midnight-Heron-7319";

function uniqueEmail(prefix = "acct") {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}@e2e.nearmint.test`;
}

async function register(page: Page, { name = "Ash Collector", email, password = PASSWORD }: { name?: string; email: string; password?: string }) {
  await page.goto("/register");
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/login\?registered=true$/);
}

async function logIn(page: Page, email: string, password = PASSWORD, { remember = false } = {}) {
  if (new URL(page.url()).pathname !== "/login") await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  if (remember) await page.getByLabel("Remember me").check();
  await page.getByRole("button", { name: "Sign In" }).click();
}

async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === "nm_session");
}

test.describe("accounts", () => {
  test("register → login → edit profile → logout → login with remember-me", async ({ page, context }) => {
    const email = uniqueEmail();
    await page.goto("/register");
    await expect(page.getByText("Password should be at least 8 characters")).toBeVisible();
    await page.getByLabel("Full name").fill("Ash Collector");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL(/\/login\?registered=true$/);
    await expect(page.getByRole("status").filter({ hasText: "Account created successfully! Please now login with your email and password." })).toBeVisible();

    // Without remember-me: a browser-session cookie (no expiry), HttpOnly, SameSite=Lax.
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/account$/);
    const cookie = await sessionCookie(context);
    expect(cookie).toBeDefined();
    expect(cookie!.expires).toBe(-1);
    expect(cookie!.httpOnly).toBe(true);
    expect(cookie!.sameSite).toBe("Lax");
    expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

    await expect(page.getByRole("heading", { name: "My Account" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Profile" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tab", { name: "Subscription" })).toHaveCount(0);
    await expect(page.getByTestId("premium-badge")).toHaveCount(0);
    await expect(page.locator("header").getByRole("link", { name: "Account" })).toBeVisible();

    // Edit Profile / Cancel toggle, then save.
    await page.getByRole("link", { name: "Edit Profile" }).click();
    await expect(page.getByLabel("Email")).toHaveAttribute("readonly", "");
    await expect(page.getByText("Email cannot be changed")).toBeVisible();
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByLabel("Address line 1")).toHaveCount(0);
    await page.getByRole("link", { name: "Edit Profile" }).click();
    // toHaveText retries until the edit form has rendered (the toggle is a client-side navigation).
    await expect(page.getByLabel("Country").locator("option:not([disabled])")).toHaveText([
      "United Kingdom",
      "United States",
      "Canada",
      "Australia",
      "France",
      "Germany",
      "Japan",
      "Spain",
    ]);
    await page.getByLabel("Full name").fill("Ash Ketchum-Collector");
    await page.getByLabel("Address line 1").fill("12 Pallet Road");
    await page.getByLabel("City").fill("Manchester");
    await page.getByLabel("County / State / Region (optional)").fill("Greater Manchester");
    await page.getByLabel("Postal code").fill("m1 1ae");
    await page.getByLabel("Country").selectOption("United Kingdom");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Your profile has been saved.")).toBeVisible();
    await expect(page.getByText("12 Pallet Road, Manchester, Greater Manchester, M1 1AE, United Kingdom")).toBeVisible();
    await expect(page.getByText("Ash Ketchum-Collector")).toBeVisible();

    // A refused save keeps what was typed.
    await page.getByRole("link", { name: "Edit Profile" }).click();
    await page.getByLabel("City").fill("Leeds");
    await page.getByLabel("Postal code").fill("not a postcode");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Please enter a valid UK postcode")).toBeVisible();
    await expect(page.getByLabel("City")).toHaveValue("Leeds");
    await page.getByRole("link", { name: "Cancel" }).click();

    // Orders: the empty state.
    await page.getByRole("tab", { name: "Orders" }).click();
    await expect(page.getByText("No orders yet")).toBeVisible();
    await expect(page.getByRole("link", { name: "Browse Products" })).toHaveAttribute("href", "/");

    // Logout ends the session on the server too.
    const token = (await sessionCookie(context))!.value;
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await sessionCookie(context)).toBeUndefined();
    const rows = await query("SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1", [email]);
    expect(rows).toHaveLength(0);
    await context.addCookies([{ name: "nm_session", value: token, url: page.url() }]);
    await page.goto("/account");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);

    // With remember-me: a cookie for 30 days.
    await logIn(page, email, PASSWORD, { remember: true });
    await expect(page).toHaveURL(/\/account$/);
    const remembered = await sessionCookie(context);
    const days = (remembered!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(remembered!.value).not.toBe(token);
  });

  test("shows busy labels while signing up and signing in", async ({ page }) => {
    const email = uniqueEmail("busy");
    await page.goto("/register");
    await page.getByLabel("Full name").fill("Busy Bee");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    // Hold the submission so the busy state can be seen.
    await page.route("**/register.data", async (route) => {
      await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("button", { name: "Creating account..." })).toBeDisabled();
    await expect(page).toHaveURL(/\/login\?registered=true$/);

    await page.route("**/login.data", async (route) => {
      if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("button", { name: "Signing in..." })).toBeDisabled();
    await expect(page).toHaveURL(/\/account$/);
  });

  test("a wrong password and an unknown email get the same red message", async ({ page }) => {
    const email = uniqueEmail("wrong");
    await register(page, { email });
    await logIn(page, email, "Not-My-Password-99");
    const alert = page.getByRole("alert");
    await expect(alert).toHaveText("Invalid email or password.");
    await expect(alert).toHaveClass(/bg-red-50/);
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expect(page.getByLabel("Password")).toHaveValue("");
    await logIn(page, uniqueEmail("nobody"), "Not-My-Password-99");
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
    await expect(page).toHaveURL(/\/login(\?registered=true)?$/);
    // The sign-up notice does not linger above the error.
    await expect(page.getByText("Account created successfully!")).toHaveCount(0);
  });

  test("mismatched passwords are refused before and after submitting", async ({ page }) => {
    await page.goto("/register");
    await page.getByLabel("Full name").fill("Misty");
    const email = uniqueEmail("mismatch");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD + "x");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
    expect(await query("SELECT 1 FROM users WHERE email = $1", [email])).toHaveLength(0);

    // Without the browser check (JavaScript off), the server says the same.
    const response = await page.request.post("/register", {
      form: { fullName: "Misty", email, password: PASSWORD, confirmPassword: "different-one" },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("Passwords do not match");

    // A common password is refused with a clear message, the typed name and email stay.
    await page.getByLabel("Password", { exact: true }).fill("Password123!");
    await page.getByLabel("Confirm password").fill("Password123!");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("alert")).toContainText("too common");
    await expect(page.getByLabel("Full name")).toHaveValue("Misty");
    await expect(page.getByLabel("Email")).toHaveValue(email);
  });

  test("a protected page sends a visitor to login and back again, never off-site", async ({ page }) => {
    const email = uniqueEmail("return");
    await register(page, { email });
    await page.goto("/account?tab=orders");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount%3Ftab%3Dorders$/);
    await logIn(page, email);
    await expect(page).toHaveURL(/\/account\?tab=orders$/);
    await expect(page.getByRole("tab", { name: "Orders" })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login$/);

    // Client-side navigation to a protected page also lands on login with the way back.
    await page.goto("/");
    await page.locator("footer").getByRole("link", { name: "My account" }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
    await page.goto("/login?redirectTo=//evil.example/phish");
    await logIn(page, email);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/account$/);
  });

  test("password reset through the email actually delivered", async ({ page, browser }) => {
    const email = uniqueEmail("reset");
    await register(page, { email });

    // Another browser signed in to the same account: the reset must end that session.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await logIn(otherPage, email);
    await expect(otherPage).toHaveURL(/\/account$/);

    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    const notice = "If an account exists for that email, we have sent a link to reset your password.";
    await expect(page.getByText(notice)).toBeVisible();

    // An unknown address gets exactly the same page.
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(uniqueEmail("nobody"));
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText(notice)).toBeVisible();

    const mail = await waitForEmail(email, (m) => m.subject.includes("Reset your"));
    const link = mail.text.match(/https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]{43}/)?.[0];
    expect(link, mail.text).toBeTruthy();
    expect(new URL(link!).origin).toBe(new URL(page.url()).origin);

    await page.goto(link!);
    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page).toHaveURL(/\/login\?reset=true$/);
    await expect(page.getByText("Your password has been changed.")).toBeVisible();

    // The other browser is signed out; the old password no longer works; the new one does.
    await otherPage.goto("/account");
    await expect(otherPage).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
    await other.close();
    await logIn(page, email, PASSWORD);
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
    await logIn(page, email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/account$/);

    // The link works once.
    const response = await page.goto(link!);
    expect(response?.status()).toBe(410);
    await expect(page.getByText("This password reset link is invalid, has already been used or has expired.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Request a new link" })).toHaveAttribute("href", "/forgot-password");
  });

  test("order history: own orders newest first, no pending, status colours, Royal Mail links; Pro member's tab and badge", async ({ page }) => {
    const email = uniqueEmail("orders");
    await register(page, { email });
    const [user] = await query<{ id: string }>("SELECT id FROM users WHERE email = $1", [email]);
    // Reservations end in an hour: the expiry sweep must not turn the pending order into an expired one mid-test.
    const addOrder = async (status: string, day: string, name: string, tracking: string | null = null) => {
      const [order] = await query<{ id: number }>(
        `INSERT INTO orders (user_id, status, subtotal_amount, shipping_amount, total_amount, normal_subtotal_amount, payment_provider,
           reservation_expires_at, email, tracking_number, created_at)
         VALUES ($1, $2, 2000, 529, 2529, 2000, 'sandbox', now() + interval '1 hour', $3, $4, $5) RETURNING id`,
        [user!.id, status, email, tracking, day],
      );
      await query("INSERT INTO order_items (order_id, product_name, quantity, unit_price, normal_unit_price) VALUES ($1, $2, 2, 1000, 1000)", [
        order!.id,
        name,
      ]);
      return order!.id;
    };
    const completed = await addOrder("completed", "2025-01-10T12:00:00Z", "Evolving Skies Booster Box", "AB123456789GB");
    const failed = await addOrder("failed", "2025-02-10T12:00:00Z", "Crown Zenith ETB");
    const dispatched = await addOrder("dispatched", "2025-03-10T12:00:00Z", "151 Booster Bundle", "CD987654321GB");
    await addOrder("pending", "2025-04-10T12:00:00Z", "Unpaid Pending Tin");
    await query(
      `INSERT INTO subscriptions (user_id, provider, plan_type, status, amount, start_date, current_period_end)
       VALUES ($1, 'sandbox', 'monthly', 'active', 499, now(), now() + interval '20 days')`,
      [user!.id],
    );

    await logIn(page, email);
    await expect(page.getByTestId("premium-badge")).toHaveText("Premium Member");
    await page.getByRole("tab", { name: "Orders" }).click();
    const orders = page.getByTestId("order");
    await expect(orders).toHaveCount(3);
    await expect(orders.locator("h3")).toHaveText([`Order #${dispatched}`, `Order #${failed}`, `Order #${completed}`]);
    await expect(page.getByText("Unpaid Pending Tin")).toHaveCount(0);
    await expect(orders.nth(0).getByTestId("order-status")).toHaveClass(/bg-blue-100/);
    await expect(orders.nth(1).getByTestId("order-status")).toHaveClass(/bg-red-100/);
    await expect(orders.nth(2).getByTestId("order-status")).toHaveClass(/bg-green-100/);
    await expect(orders.nth(2)).toContainText("Evolving Skies Booster Box");
    await expect(orders.nth(2)).toContainText("£25.29");
    await expect(orders.nth(2).getByRole("link", { name: /AB123456789GB/ })).toHaveAttribute(
      "href",
      "https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB",
    );

    await page.getByRole("tab", { name: "Subscription" }).click();
    await expect(page.getByTestId("subscription-plan")).toHaveText("Pro Monthly");
    await expect(page.getByTestId("subscription-status")).toHaveText("Active");
    await expect(page.getByTestId("subscription-status")).toHaveClass(/bg-green-100/);
    await expect(page.getByTestId("subscription-amount")).toHaveText("£4.99/month");
    await expect(page.getByTestId("subscription-period-end")).toBeVisible();

    // Arrow keys move along the tab list.
    await page.getByRole("tab", { name: "Subscription" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Profile" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tab", { name: "Profile" })).toBeFocused();
  });

  test("verify the email: notice on the account page, send the link again, the old link is dead, the new one works once, signed in", async ({ page, browser }) => {
    const email = uniqueEmail("verify");
    await register(page, { email });
    await logIn(page, email);
    await expect(page).toHaveURL(/\/account$/);
    const notice = page.getByTestId("verify-email-notice");
    await expect(notice).toContainText("Please verify your email address");
    await expect(notice).toContainText(email);

    // The admin pages say why they refuse an unverified account, and point the way.
    const refused = await page.goto("/admin");
    expect(refused?.status()).toBe(403);
    await expect(page.getByText("Admin pages need a verified email address, and yours is not verified yet.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Verify my email address" })).toHaveAttribute("href", "/verify-email");
    await page.goto("/account");

    const first = await waitForEmail(email, (m) => m.subject.startsWith("Verify your email address"));
    await notice.getByRole("button", { name: "Send the link again" }).click();
    await expect(notice.getByRole("status")).toHaveText("We have sent you a new verification link. It works once and expires in 24 hours.");
    const linkOf = (text: string) => text.match(/https?:\/\/\S+\/verify-email\/[A-Za-z0-9_-]{43}/)![0];
    await expect.poll(() => receivedEmails().filter((m) => m.to.includes(email)).length, { timeout: 30_000 }).toBe(2);
    const second = receivedEmails().filter((m) => m.to.includes(email) && m.text !== first.text)[0]!;

    // The first link died when the second was sent.
    const dead = await page.goto(linkOf(first.text));
    expect(dead?.status()).toBe(410);
    await expect(page.getByRole("alert")).toContainText("This verification link is invalid, has already been used or has expired.");

    // Signed out, the link verifies nothing (decision 0011): the page asks to log in to the
    // account, points the mailbox owner who never registered to "Forgot password?", and the
    // sign-in comes back to the link.
    const elsewhere = await browser.newPage();
    await elsewhere.goto(linkOf(second.text));
    await expect(elsewhere.getByRole("heading", { name: "Verify your email address" })).toBeVisible();
    await expect(elsewhere.getByRole("button", { name: "Verify my email address" })).toHaveCount(0);
    await expect(elsewhere.getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/forgot-password");
    await expectNoViolations(elsewhere, "verification link, signed out");
    await elsewhere.getByRole("link", { name: "Log in" }).click();
    await elsewhere.getByLabel("Email").fill(email);
    await elsewhere.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await elsewhere.getByRole("button", { name: "Sign In" }).click();
    await expect(elsewhere).toHaveURL(linkOf(second.text));
    await expect(elsewhere.getByRole("button", { name: "Verify my email address" })).toBeVisible();

    // Opening the link changes nothing by itself: the button does, and lands on the status page.
    await page.goto(linkOf(second.text));
    await expect(page.getByRole("heading", { name: "Verify your email address" })).toBeVisible();
    await page.getByRole("button", { name: "Verify my email address" }).click();
    await expect(page).toHaveURL(/\/verify-email$/);
    await expect(page.getByRole("heading", { name: "Email address verified" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "is verified" })).toHaveText(`Your email address ${email} is verified.`);
    await expectNoViolations(page, "email address verified");
    // The account's other sessions ended with it (they began before the address was proved).
    await elsewhere.goto(new URL("/account", linkOf(second.text)).href);
    await expect(elsewhere).toHaveURL(/\/login\?redirectTo=/);
    await elsewhere.close();

    await page.goto("/account");
    await expect(page.getByTestId("verify-email-notice")).toHaveCount(0);
    const reused = await page.goto(linkOf(second.text));
    expect(reused?.status()).toBe(410);
  });

  test("the outbox is for admins only", async ({ page }) => {
    const email = uniqueEmail("customer");
    await register(page, { email });
    await logIn(page, email);
    await expect(page).toHaveURL(/\/account$/);
    const refused = await page.goto("/admin/outbox");
    expect(refused?.status()).toBe(403);
    await expect(page.getByText("You do not have permission to view this page.")).toBeVisible();
    await page.goto("/account");
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login$/);
    const anonymous = await page.goto("/admin/outbox");
    expect(anonymous?.status()).toBe(401);
    await expect(page.getByText("Please log in to view this page.")).toBeVisible();
  });
});

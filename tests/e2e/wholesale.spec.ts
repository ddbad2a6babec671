import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN_EMAIL, signIn as signInThrough, uniqueEmail } from "./admin";
import { query } from "./db";

const SUCCESS = "Application submitted successfully! We will review your application and get back to you soon.";
const ADMIN_PATH = "/admin/wholesale-applications";

async function fillValid(page: Page, email: string, overrides: { companyType?: string } = {}) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Contact Name").fill("Robin Reseller");
  await page.getByLabel("Platform Username(s)").fill("discord: robin_r\nebay: robins_cards");
  await page.getByLabel("Contact Number").fill("07700 900456");
  await page.getByLabel("Billing Address (including postcode)").fill("2 Market Street\nLeeds\nLS1 6DT");
  await page.getByLabel("Company Type").selectOption({ label: overrides.companyType ?? "Sole Trader" });
}

/** A field's message is announced with it: the input points at it through aria-describedby. */
async function expectFieldError(page: Page, label: string, message: string) {
  const field = page.getByLabel(label);
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[.()*+?[\]\\]/g, "\\$&")));
}

/** Signs in through the shared helper (tests/e2e/admin.ts), landing on the admin page by default. */
function signIn(page: Page, email: string, fullName: string, redirectTo = ADMIN_PATH) {
  return signInThrough(page, email, fullName, redirectTo);
}

test.describe("wholesale application form", () => {
  // Every test here posts from 127.0.0.1: start each with an empty per-address allowance.
  test.beforeEach(async () => {
    await query("DELETE FROM rate_limits WHERE key LIKE 'wholesale-ip:%'");
  });

  test("shows the spec's texts and fields", async ({ page }) => {
    const response = await page.goto("/wholesale");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/Wholesale Application/);
    await expect(page.getByRole("heading", { level: 1, name: "Wholesale Application" })).toBeVisible();
    await expect(page.getByText("Apply for a wholesale account to access exclusive pricing.")).toBeVisible();
    await expect(
      page.getByText("Details on stock lists will be sent to your email once your application has been approved."),
    ).toBeVisible();
    await expect(page.getByLabel("Company Type").locator("option")).toHaveText([
      "Select company type",
      "Sole Trader",
      "Limited Company",
      "Individual",
      "Other (specify below)",
    ]);
    await expect(page.getByRole("button", { name: "Register" })).toBeVisible();
    // No visible newsletter control (spec §3).
    await expect(page.getByRole("checkbox")).toHaveCount(0);
  });

  test("validates each required field, the email format and the limited-company fields", async ({ page }) => {
    await page.goto("/wholesale");
    // Company details only appear for a limited company.
    await expect(page.getByLabel("Company Name")).toBeHidden();

    await page.getByRole("button", { name: "Register" }).click();
    await expectFieldError(page, "Email", "Please enter your email address.");
    await expectFieldError(page, "Contact Name", "Please enter a contact name.");
    await expectFieldError(page, "Platform Username(s)", "Please enter your platform username(s).");
    await expectFieldError(page, "Contact Number", "Please enter a contact number.");
    await expectFieldError(page, "Billing Address (including postcode)", "Please enter your billing address, including postcode.");
    await expectFieldError(page, "Company Type", "Please choose a company type.");
    // Focus goes to the first problem.
    await expect(page.getByLabel("Email")).toBeFocused();
    // Optional fields carry no message.
    await expect(page.getByLabel("Delivery Address (optional)")).not.toHaveAttribute("aria-invalid", "true");

    const email = uniqueEmail("invalid");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Register" }).click();
    await expectFieldError(page, "Email", "Please enter a valid email address.");

    await fillValid(page, email, { companyType: "Limited Company" });
    await expect(page.getByLabel("Company Name")).toBeVisible();
    await expect(page.getByLabel("Email")).not.toHaveAttribute("aria-invalid", "true");
    await page.getByRole("button", { name: "Register" }).click();
    await expectFieldError(page, "Company Name", "Please enter your company name.");
    await expectFieldError(page, "Company Number", "Please enter your company number.");

    await page.getByLabel("Company Name").fill("Robin Cards Ltd");
    await page.getByLabel("Company Number").fill("1234");
    await page.getByRole("button", { name: "Register" }).click();
    await expectFieldError(page, "Company Number", "A UK company number is 8 characters, e.g. 01234567 or SC123456.");

    // Switching away from Limited Company hides the company fields and their rule.
    await page.getByLabel("Company Type").selectOption({ label: "Individual" });
    await expect(page.getByLabel("Company Name")).toBeHidden();
    // Nothing reached the database while the form refused.
    expect(await query("SELECT 1 FROM wholesale_applications WHERE email = $1", [email])).toHaveLength(0);
  });

  test("submits an application: busy label, success message, fields reset, row stored", async ({ page }) => {
    await page.goto("/wholesale");
    const email = uniqueEmail("success");
    await fillValid(page, email, { companyType: "Limited Company" });
    await page.getByLabel("Company Name").fill("Robin Cards Ltd");
    await page.getByLabel("Company Number").fill("sc 123456");
    await page.getByLabel("Additional Information (optional)").fill("We run a shop in Leeds.");

    // Hold the answer back a moment so the busy state can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/wholesale.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByRole("button", { name: "Submitting..." })).toBeDisabled();
    release();

    await expect(page.getByRole("status").filter({ hasText: SUCCESS })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue("");
    await expect(page.getByLabel("Contact Name")).toHaveValue("");
    await expect(page.getByLabel("Company Type")).toHaveValue("");
    await expect(page.getByRole("button", { name: "Register" })).toBeEnabled();

    const rows = await query(
      "SELECT status, contact_name, platform_username, company_type, company_name, company_number, additional_info, subscribe_newsletter FROM wholesale_applications WHERE email = $1",
      [email],
    );
    expect(rows).toEqual([
      {
        status: "pending",
        contact_name: "Robin Reseller",
        platform_username: "discord: robin_r\nebay: robins_cards",
        company_type: "limited_company",
        company_name: "Robin Cards Ltd",
        company_number: "SC123456",
        additional_info: "We run a shop in Leeds.",
        subscribe_newsletter: false,
      },
    ]);
  });

  test("a duplicate is refused in a red box and the typed values stay", async ({ page }) => {
    const email = uniqueEmail("duplicate");
    await page.goto("/wholesale");
    await fillValid(page, email);
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByText(SUCCESS)).toBeVisible();

    await fillValid(page, email);
    await page.getByLabel("Additional Information (optional)").fill("Second try");
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByRole("alert")).toContainText("We already have a pending application for this email address");
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expect(page.getByLabel("Additional Information (optional)")).toHaveValue("Second try");
    expect(await query("SELECT 1 FROM wholesale_applications WHERE email = $1", [email])).toHaveLength(1);
  });

  test("fits a 360 px phone without sideways scrolling", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/wholesale");
    await page.getByLabel("Company Type").selectOption({ label: "Limited Company" });
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByLabel("Company Number")).toHaveAttribute("aria-invalid", "true");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("shows the company fields with a note, validates on the server and keeps what was typed", async ({ page }) => {
      await page.goto("/wholesale");
      await expect(page.getByText("(Limited companies only)")).toBeVisible();
      const email = uniqueEmail("nojs");
      await fillValid(page, email, { companyType: "Limited Company" });
      await page.getByRole("button", { name: "Register" }).click();

      await expect(page.getByRole("alert")).toContainText("Please correct the highlighted fields and try again.");
      await expectFieldError(page, "Company Name", "Please enter your company name.");
      await expect(page.getByLabel("Email")).toHaveValue(email);
      await expect(page.getByLabel("Platform Username(s)")).toHaveValue("discord: robin_r\nebay: robins_cards");
      await expect(page.getByLabel("Company Type")).toHaveValue("limited_company");

      await page.getByLabel("Company Name").fill("No Script Ltd");
      await page.getByLabel("Company Number").fill("01234567");
      await page.getByRole("button", { name: "Register" }).click();
      await expect(page.getByText(SUCCESS)).toBeVisible();
      await expect(page.getByLabel("Email")).toHaveValue("");
      expect(await query("SELECT company_number FROM wholesale_applications WHERE email = $1", [email])).toEqual([
        { company_number: "01234567" },
      ]);
    });
  });
});

test.describe("admin review of applications", () => {
  test("a guest is asked to log in (401), by page and by data request", async ({ page, request }) => {
    const response = await page.goto(ADMIN_PATH);
    expect(response?.status()).toBe(401);
    await expect(page.getByText("Please log in to view this page.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Log in" })).toHaveAttribute(
      "href",
      `/login?redirectTo=${encodeURIComponent(ADMIN_PATH)}`,
    );
    const [someone] = await query<{ email: string }>("SELECT email FROM wholesale_applications LIMIT 1");
    const data = await request.get(`${ADMIN_PATH}.data`);
    expect(data.status()).toBe(401);
    if (someone) expect(await data.text()).not.toContain(someone.email);
    // And no decision without a session.
    const post = await request.post(`${ADMIN_PATH}.data`, { form: { intent: "decide", id: randomUUID(), decision: "approved" } });
    expect(post.status()).toBe(401);
  });

  test("a signed-in customer has no permission (403)", async ({ page }) => {
    await signIn(page, uniqueEmail("customer"), "Casey Customer");
    const response = await page.goto(ADMIN_PATH);
    expect(response?.status()).toBe(403);
    await expect(page.getByText("You do not have permission to view this page.")).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
  });

  test("an admin lists applications newest first, opens the details and approves one; the applicant gets an email", async ({
    page,
  }) => {
    // Arrange: an older application, and a newer one with every field filled in.
    const older = uniqueEmail("older");
    const newer = uniqueEmail("newer");
    await query(
      `INSERT INTO wholesale_applications (created_at, email, contact_name, platform_username, contact_number, billing_address, company_type)
       VALUES (now() - interval '2 days', $1, 'Olive Older', 'olive_o', '07700 900111', '1 Old Road, York YO1 7HH', 'sole_trader')`,
      [older],
    );
    const [{ id } = { id: "" }] = await query<{ id: string }>(
      `INSERT INTO wholesale_applications (created_at, email, contact_name, platform_username, contact_number, billing_address,
         delivery_address, company_type, company_name, company_number, additional_info, subscribe_newsletter)
       VALUES (now() + interval '1 minute', $1, 'Nina Newer', E'discord: nina\\nebay: nina_cards', '07700 900222',
         E'3 New Street\\nBath BA1 1AA', 'Unit 4, Bath BA2 2BB', 'limited_company', 'Nina Cards Ltd', 'SC654321',
         'Weekly orders', true)
       RETURNING id`,
      [newer],
    );

    await signIn(page, ADMIN_EMAIL, "Shop Admin");
    await page.goto(ADMIN_PATH);
    await expect(page.getByRole("heading", { level: 1, name: "Wholesale Applications" })).toBeVisible();
    await expect(page.getByRole("columnheader")).toHaveText(["Submitted", "Contact", "Company Type", "Status", "Action"]);

    const rows = page.getByTestId("application-row");
    const first = rows.first();
    await expect(first).toContainText("Nina Newer");
    await expect(first).toContainText(newer);
    await expect(first).toContainText("Limited Company");
    await expect(first.getByTestId("status-pill")).toHaveText("Pending");
    await expect(first.getByTestId("status-pill")).toHaveClass(/bg-yellow/);
    // The submitted time is shown in local time once the page is live, with the exact moment in datetime.
    await expect(first.locator("time")).not.toContainText("UTC");
    const olderRow = rows.filter({ hasText: older });
    await expect(olderRow).toHaveCount(1);
    const allText = await rows.allTextContents();
    expect(allText.findIndex((t) => t.includes(newer))).toBeLessThan(allText.findIndex((t) => t.includes(older)));

    // Clicking the row opens the details; Escape closes them and focus comes back to the page.
    await first.getByText("Nina Newer").click();
    const dialog = page.getByRole("dialog", { name: "Application from Nina Newer" });
    await expect(dialog).toBeVisible();
    for (const text of [
      newer,
      "discord: nina",
      "ebay: nina_cards",
      "07700 900222",
      "Bath BA1 1AA",
      "Unit 4, Bath BA2 2BB",
      "Limited Company",
      "Nina Cards Ltd",
      "SC654321",
      "Weekly orders",
    ]) {
      await expect(dialog).toContainText(text);
    }
    await expect(dialog.getByText("Newsletter")).toBeVisible();
    await expect(dialog.getByText("Subscribed", { exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);

    // The "View Details" button opens it too; the close button closes it.
    await first.getByRole("link", { name: /View Details/ }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(dialog).toHaveCount(0);

    await first.getByRole("link", { name: /View Details/ }).click();
    await dialog.getByLabel("Note (optional)").fill("Checked Companies House");
    await dialog.getByRole("button", { name: "Approve" }).click();
    await expect(dialog.getByRole("status")).toContainText("Application approved");
    await expect(dialog.getByTestId("status-pill")).toHaveText("Approved");
    await expect(dialog).toContainText(ADMIN_EMAIL);
    await expect(dialog.getByRole("button", { name: "Approve" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(first.getByTestId("status-pill")).toHaveText("Approved");
    await expect(first.getByTestId("status-pill")).toHaveClass(/bg-green/);

    const [stored] = await query<{ status: string; decided_by_email: string; decision_note: string; decided_at: Date | null }>(
      `SELECT w.status, u.email AS decided_by_email, w.decision_note, w.decided_at
         FROM wholesale_applications w JOIN users u ON u.id = w.decided_by WHERE w.id = $1`,
      [id],
    );
    expect(stored).toMatchObject({ status: "approved", decided_by_email: ADMIN_EMAIL, decision_note: "Checked Companies House" });
    expect(stored!.decided_at).not.toBeNull();
    const emails = await query<{ kind: string; subject: string; text_body: string }>(
      "SELECT kind, subject, text_body FROM outbox WHERE to_address = $1",
      [newer],
    );
    expect(emails).toHaveLength(1);
    expect(emails[0]!.kind).toBe("wholesale-approved");
    expect(emails[0]!.text_body).toMatch(/stock lists will follow by email/i);
  });

  test("a decision another admin already made is refused with a message", async ({ page }) => {
    const email = uniqueEmail("raced");
    const [{ id } = { id: "" }] = await query<{ id: string }>(
      `INSERT INTO wholesale_applications (email, contact_name, platform_username, contact_number, billing_address, company_type)
       VALUES ($1, 'Rae Raced', 'rae', '07700 900333', '5 Race Lane, Derby DE1 1AA', 'partnership') RETURNING id`,
      [email],
    );
    await signIn(page, ADMIN_EMAIL, "Shop Admin", `${ADMIN_PATH}?application=${id}`);
    const dialog = page.getByRole("dialog", { name: "Application from Rae Raced" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Individual");
    await expect(dialog.getByText("Not subscribed")).toBeVisible();

    // Meanwhile another admin rejects it.
    await query("UPDATE wholesale_applications SET status = 'rejected', decided_at = now() WHERE id = $1", [id]);
    await dialog.getByRole("button", { name: "Approve" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("This application has already been decided.");
    await expect(dialog.getByTestId("status-pill")).toHaveText("Rejected");
    await expect(dialog.getByTestId("status-pill")).toHaveClass(/bg-red/);
    expect(await query("SELECT 1 FROM outbox WHERE to_address = $1", [email])).toHaveLength(0);
  });
});

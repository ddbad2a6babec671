import { expect, test } from "@playwright/test";

test.describe("content pages", () => {
  test("sell cards: three steps, what we buy, contact links and the FAQ", async ({ page }) => {
    await page.goto("/");
    await page.locator("header").getByRole("link", { name: "Sell your cards" }).click();
    await expect(page).toHaveURL(/\/sell-cards$/);
    for (const step of ["Contact Us", "Get Quote", "Ship & Get Paid"]) {
      await expect(page.getByRole("heading", { name: new RegExp(step) })).toBeVisible();
    }
    const text = (await page.locator("main").innerText()).replace(/[\u2012-\u2015]/g, "-");
    for (const fact of ["24 hours", "English", "Chinese", "Japanese", "Near Mint", "Lightly Played", "Moderately Played", "80%", "PayPal", "bank transfer", "2-3 business days", "£150"]) {
      expect(text, fact).toContain(fact);
    }
    await expect(page.locator('main a[href^="mailto:"]').first()).toBeVisible();
    await expect(page.locator('main a[href^="https://discord"]').first()).toBeVisible();
  });

  const policies: [string, string[]][] = [
    ["/terms", ["18", "VAT", "England and Wales"]],
    ["/privacy", ["13", "UK GDPR"]],
    ["/delivery", ["£4.99", "£5.29", "1-2 business days", "48 hours"]],
    ["/refund", ["48 hours", "5%", "2-5 business days", "7 business days", "store credit"]],
    ["/cookies", ["nm_session", "nm_guest_cart", "cart-storage", "guest_cart_id"]],
  ];
  for (const [path, facts] of policies) {
    test(`${path} carries its facts, a unique title and a canonical URL`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator("h1")).toHaveCount(1);
      // Typographic dashes ("1–2 days") read the same as the spec's hyphens.
      const text = (await page.locator("main").innerText()).replace(/[\u2012-\u2015]/g, "-");
      for (const fact of facts) expect(text, `${path} mentions ${fact}`).toContain(fact);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${path}$`));
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
    });
  }

  test("every page has its own title", async ({ page }) => {
    const titles = new Set<string>();
    for (const path of ["/", "/sell-cards", "/terms", "/privacy", "/delivery", "/refund", "/cookies"]) {
      await page.goto(path);
      titles.add(await page.title());
    }
    expect(titles.size).toBe(7);
  });
});

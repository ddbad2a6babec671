import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { insertSingle, removeSingles } from "./single-fixture";

test.describe("home page", () => {
  test("shows the banner, language tiles with flags, 8 new releases and the community section", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);

    await expect(page.getByText("Expect delays in shipping up to a week due to packaging issues.")).toBeVisible();

    const tiles = page.getByRole("link").filter({ has: page.locator('img[src^="/flags/"]') });
    expect(await tiles.count()).toBeGreaterThanOrEqual(5);
    await expect(page.getByRole("link", { name: /English/ }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: /Japanese/ }).first()).toBeVisible();
    // The flags really load (served locally, not from the internet).
    const flagsLoaded = await page.locator('img[src^="/flags/"]').evaluateAll((imgs) =>
      imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
    );
    expect(flagsLoaded).toBe(true);

    await expect(page.getByRole("heading", { name: "New Releases" })).toBeVisible();
    const releases = page.getByTestId("new-release");
    await expect(releases).toHaveCount(8);
    for (const status of await releases.locator("span.rounded-full").allTextContents()) {
      expect(["Available", "Out of Stock"]).toContain(status);
    }

    await expect(page.getByRole("heading", { name: /community/i })).toBeVisible();
    await expect(page.getByRole("link", { name: /community chat/i }).first()).toHaveAttribute("href", /^https:\/\//);
  });

  test("a new single's tile says From its cheapest copy in stock, with that copy's member price", async ({ page }) => {
    const tag = randomBytes(3).toString("hex");
    // Japanese, so the English pages other specs page through keep their order.
    const single = await insertSingle({
      name: `Home Eevee ${tag}`,
      slug: `e2e-home-eevee-${tag}`,
      category: "japanese-singles",
      setCode: `e2ehome${tag}`,
      setName: `E2E Home Set ${tag}`,
      officialCardCount: 100,
      cardName: "Eevee",
      localNumber: "51",
      // An hour ahead: the newest product whatever else a parallel spec adds now.
      createdAt: new Date(Date.now() + 60 * 60 * 1000),
      variants: [
        { condition: "nm", printing: "normal", language: "ja", price: 1500, premiumPrice: 1400, stock: 0 },
        { condition: "lp", printing: "normal", language: "ja", price: 1200, premiumPrice: 1100, stock: 2 },
        { condition: "mp", printing: "normal", language: "ja", price: 900, stock: 1 },
      ],
    });
    try {
      await page.goto("/");
      const tile = page.getByTestId("new-release").first();
      await expect(tile).toContainText(`Home Eevee ${tag}`);
      await expect(tile.getByTestId("tile-price")).toHaveText("From £9.00");
      await expect(tile).not.toContainText("Pro £");
      await expect(tile).toContainText("Available");
      await page.getByRole("link", { name: `Home Eevee ${tag}` }).click();
      await expect(page.getByRole("heading", { level: 1, name: `Home Eevee ${tag}` })).toBeVisible();
      await expect(page.getByTestId("variant-picker").locator('[aria-current="true"]')).toContainText("Lightly Played");
    } finally {
      await removeSingles([single]);
    }
  });

  test("runs under the nonce-based CSP: no violation, and the page hydrates and navigates client-side", async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { cspViolations: string[] };
      w.cspViolations = [];
      document.addEventListener("securitypolicyviolation", (event) => w.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    const response = await page.goto("/");
    expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'(;|$)/);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.locator("header").getByRole("link", { name: "Sell your cards" }).click();
    await expect(page).toHaveURL(/\/sell-cards$/);
    // The same window: React Router handled the click, so the page had hydrated.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  });

  test("header offers search, Sell your cards, cart and login", async ({ page }) => {
    await page.goto("/");
    const header = page.locator("header");
    await expect(header.getByRole("searchbox", { name: "Search products" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Sell your cards" })).toHaveAttribute("href", "/sell-cards");
    await expect(header.getByRole("link", { name: /^Cart/ })).toHaveAttribute("href", "/cart");
    await expect(header.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
  });

  test("footer carries wholesale, policies, contact, community, social links and the company number", async ({ page }) => {
    await page.goto("/");
    const footer = page.locator("footer");
    await expect(footer.getByRole("link", { name: "Wholesale applications" })).toHaveAttribute("href", "/wholesale");
    for (const [name, href] of <[string, string][]>[
      ["Terms and Conditions", "/terms"],
      ["Privacy Policy", "/privacy"],
      ["Delivery Policy", "/delivery"],
      ["Refund Policy", "/refund"],
      ["Cookie Policy", "/cookies"],
    ]) {
      await expect(footer.getByRole("link", { name })).toHaveAttribute("href", href);
    }
    await expect(footer.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
    await expect(footer.getByRole("link", { name: "Community chat" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Instagram" })).toBeVisible();
    await expect(footer.getByTestId("company-number")).toHaveText(/^\d{8}$/);
    await expect(footer).toContainText("England and Wales");
  });

  test("works on a 360 px wide phone without horizontal scrolling", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/");
    await expect(page.getByTestId("new-release")).toHaveCount(8);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("unknown routes get a styled 404 page with status 404", async ({ page }) => {
    const response = await page.goto("/definitely/not/a/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  });
});

test.describe("error pages", () => {
  test("a page that needs a session explains itself and offers to log in, then comes back", async ({ page }) => {
    const response = await page.goto("/admin/outbox");
    expect(response?.status()).toBe(401);
    await expect(page.getByRole("heading", { name: "Please log in" })).toBeVisible();
    await expect(page.getByText("Please log in to view this page.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login?redirectTo=%2Fadmin%2Foutbox");
    await expect(page.getByText("Internal Server Error")).toHaveCount(0);
  });
});

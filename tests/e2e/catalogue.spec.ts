import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { insertSealedProduct, query, removeProducts, setSealedStock } from "./db";
import { insertSingle, removeSingles, type InsertedSingle } from "./single-fixture";

/**
 * The catalogue in a real browser against the production build: browsing, search, not-found
 * states, stock badges, hidden products, SEO tags and caching headers. Products and the shelf
 * (category) below are this file's own, dated long ago so they never become "New Releases", and
 * are removed afterwards; the walk through the demo catalogue only reads.
 */
const tag = `qvx${randomBytes(3).toString("hex")}`;
const shelf = { id: 0, slug: `e2e-catalogue-shelf-${tag}`, name: `E2E Catalogue Shelf ${tag}` };

interface Fixture {
  key: string;
  name: string;
  stock: number;
  limit: number | null;
  premium: number | null;
  visible: boolean;
  description: string | null;
}
const FIXTURES: Fixture[] = [
  { key: "zero", name: `Shelf Stock Zero ${tag}`, stock: 0, limit: null, premium: null, visible: true, description: "Sold out." },
  { key: "one", name: `Shelf Stock One ${tag}`, stock: 1, limit: null, premium: null, visible: true, description: "The last one." },
  { key: "five", name: `Shelf Stock Five ${tag}`, stock: 5, limit: null, premium: null, visible: true, description: "A few left." },
  { key: "six", name: `Shelf Stock Six ${tag}`, stock: 6, limit: null, premium: null, visible: true, description: "Plenty." },
  { key: "limited", name: `Shelf Limited ${tag}`, stock: 3, limit: 2, premium: null, visible: true, description: "Two per customer." },
  { key: "plenty", name: `Shelf Plenty ${tag}`, stock: 150, limit: null, premium: 1800, visible: true, description: null },
  { key: "hidden", name: `Shelf Hidden ${tag}`, stock: 10, limit: null, premium: null, visible: false, description: "Not for sale yet." },
];
const slugOf = (key: string) => `e2e-catalogue-${key}-${tag}`;

/**
 * A shelf of singles of its own (so the sealed shelf's counts stay as they are): a card in five
 * conditions and two slab grades whose cheapest copy is sold out, and a card sold out in every
 * condition.
 */
// A tag of their own, so searches for the sealed shelf's tag find exactly its six products.
const stag = `zq${randomBytes(3).toString("hex")}`;
const singlesShelf = { id: 0, slug: `e2e-catalogue-singles-${stag}`, name: `E2E Singles Shelf ${stag}` };
const single = {
  name: `Zapdos ${stag}`,
  slug: `e2e-catalogue-zapdos-${stag}`,
  setCode: `e2e${stag}`,
  setName: `E2E Fossil ${stag}`,
  inserted: null as InsertedSingle | null,
};
const soldOutSingle = { name: `Moltres ${stag}`, slug: `e2e-catalogue-moltres-${stag}`, inserted: null as InsertedSingle | null };
/** Zapdos's variants, in the order given to insertSingle (ids come back in this order). */
const ZAPDOS = [
  { condition: "nm", printing: "holo", language: "en", price: 9000, premiumPrice: 8500, stock: 0 },
  { condition: "lp", printing: "holo", language: "en", price: 7000, premiumPrice: 6500, stock: 8 },
  { condition: "mp", printing: "holo", language: "en", price: 5000, stock: 3 },
  { condition: "hp", printing: "holo", language: "en", price: 3000, stock: 1 },
  { condition: "dmg", printing: "holo", language: "en", price: 1000, stock: 0 },
  { grader: "psa", grade: "10", price: 60000, stock: 2, limitPerCustomer: 1 },
  { grader: "psa", grade: "9", price: 20000, stock: 0 },
];
const zapdosVariant = (condition: string) => single.inserted!.variantIds[ZAPDOS.findIndex((v) => v.condition === condition || v.grade === condition)]!;

test.beforeAll(async () => {
  const [english] = await query<{ id: number }>("SELECT id FROM languages WHERE slug = 'english'");
  for (const s of [shelf, singlesShelf]) {
    const [row] = await query<{ id: number }>(
      "INSERT INTO categories (name, slug, language_id, sort_order) VALUES ($1, $2, $3, 999) RETURNING id",
      [s.name, s.slug, english!.id],
    );
    s.id = row!.id;
  }
  for (const f of FIXTURES) {
    await insertSealedProduct({
      name: f.name,
      slug: slugOf(f.key),
      price: 2000,
      premiumPrice: f.premium,
      stock: f.stock,
      limitPerCustomer: f.limit,
      isVisible: f.visible,
      category: shelf.id,
      description: f.description,
      imageUrl: `/images/art/single/${slugOf(f.key)}.svg`,
      createdAt: new Date("2001-01-01"),
    });
  }
  single.inserted = await insertSingle({
    name: single.name,
    slug: single.slug,
    category: singlesShelf.id,
    setCode: single.setCode,
    setName: single.setName,
    officialCardCount: 62,
    cardName: "Zapdos",
    localNumber: "15",
    rarity: "Rare Holo",
    artist: "Ken Sugimori",
    limitPerCustomer: 3,
    description: "Fossil Zapdos, holo.",
    createdAt: new Date("2001-01-01"),
    variants: ZAPDOS,
  });
  soldOutSingle.inserted = await insertSingle({
    name: soldOutSingle.name,
    slug: soldOutSingle.slug,
    category: singlesShelf.id,
    setCode: single.setCode,
    setName: single.setName,
    officialCardCount: 62,
    cardName: "Moltres",
    localNumber: "12",
    createdAt: new Date("2001-01-01"),
    variants: [
      { condition: "nm", printing: "holo", language: "en", price: 4000, stock: 0 },
      { condition: "lp", printing: "holo", language: "en", price: 3000, stock: 0 },
    ],
  });
});

test.afterAll(async () => {
  await removeSingles([single.inserted, soldOutSingle.inserted]);
  const products = await query<{ id: number }>("SELECT id FROM products WHERE category_id = $1", [shelf.id]);
  await removeProducts(products.map((p) => p.id));
  await query("DELETE FROM categories WHERE id = ANY($1::int[])", [[shelf.id, singlesShelf.id]]);
});

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe("browsing", () => {
  test("home → language → category → product → search", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: /English/ }).first().click();
    await expect(page).toHaveURL(/\/language\/english$/);
    await expect(page.getByRole("heading", { level: 1, name: "English Products" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Categories" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "All Products" })).toBeVisible();
    await expect(page).toHaveTitle(/^English Products \| /);

    const singles = page.getByTestId("category-tile").filter({ hasText: "English Singles" });
    await expect(singles).toContainText(/\d+ products/);
    await singles.getByRole("link").click();
    await expect(page).toHaveURL(/\/category\/english-singles$/);
    await expect(page.getByRole("heading", { level: 1, name: "English Singles" })).toBeVisible();
    await expect(page.getByTestId("product-count")).toHaveText(/^\d+ products?$/);
    await expect(page.getByTestId("in-stock-count")).toHaveText(/^\d+ in stock$/);
    const names = await page.getByTestId("product-tile").locator("h2").allTextContents();
    expect(names.length).toBeGreaterThan(1);
    expect([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(names);

    const first = page.getByTestId("product-tile").first();
    const firstName = (await first.locator("h2").textContent())!.trim();
    await first.getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1, name: firstName })).toBeVisible();
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(breadcrumb.getByRole("link", { name: "English", exact: true })).toHaveAttribute("href", "/language/english");
    await expect(breadcrumb.getByRole("link", { name: "English Singles" })).toHaveAttribute("href", "/category/english-singles");
    await expect(breadcrumb.getByText(firstName)).toHaveAttribute("aria-current", "page");
    await expect(page.getByText("Usually dispatched within 24 hours.")).toBeVisible();
    await expect(page.getByText("Secure Payment")).toBeVisible();

    const search = page.locator("header").getByRole("searchbox", { name: "Search products" });
    await search.fill("   chari   ");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=chari$/);
    await expect(page.getByRole("heading", { level: 1, name: "Search results for “chari”" })).toBeVisible();
    const results = page.getByTestId("search-result");
    await expect(results.first()).toBeVisible();
    for (const name of await results.locator("h2").allTextContents()) expect(name).toMatch(/chari/i);
  });

  test("a blank header search goes nowhere", async ({ page }) => {
    await page.goto("/language/english");
    const search = page.locator("header").getByRole("searchbox", { name: "Search products" });
    await search.fill("    ");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/language\/english$/);
  });

  test("a category shows its counts and visible products by name, with prices, stock and limits", async ({ page }) => {
    await page.goto(`/category/${shelf.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: shelf.name })).toBeVisible();
    await expect(page.getByTestId("product-count")).toHaveText("6 products");
    await expect(page.getByTestId("in-stock-count")).toHaveText("5 in stock");
    const tiles = page.getByTestId("product-tile");
    await expect(tiles.locator("h2")).toHaveText([
      `Shelf Limited ${tag}`,
      `Shelf Plenty ${tag}`,
      `Shelf Stock Five ${tag}`,
      `Shelf Stock One ${tag}`,
      `Shelf Stock Six ${tag}`,
      `Shelf Stock Zero ${tag}`,
    ]);
    const plenty = tiles.filter({ hasText: `Shelf Plenty ${tag}` });
    await expect(plenty).toContainText("£20.00");
    await expect(plenty).toContainText("Pro £18.00");
    await expect(plenty).toContainText("150 in stock");
    await expect(tiles.filter({ hasText: `Shelf Limited ${tag}` })).toContainText("Limit 2 per customer");
    await expect(tiles.filter({ hasText: `Shelf Stock Zero ${tag}` })).toContainText("Out of Stock");
    // Every image has its size set; tiles after the first row load lazily.
    const images = tiles.locator("img");
    for (const img of await images.all()) {
      await expect(img).toHaveAttribute("width", "600");
      await expect(img).toHaveAttribute("height", "600");
    }
    await expect(images.nth(5)).toHaveAttribute("loading", "lazy");

    // One variant each: no "From" on a sealed product's tile.
    await expect(tiles.getByTestId("tile-price").filter({ hasText: "From" })).toHaveCount(0);

    // The language page counts the shelf's visible products only.
    await page.goto("/language/english");
    await expect(page.getByTestId("category-tile").filter({ hasText: shelf.name })).toContainText("6 products");
  });

  test("shows Loading... while the next page's data is on its way", async ({ page }) => {
    await page.goto("/language/english");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.data(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByTestId("category-tile").filter({ hasText: "English Singles" }).getByRole("link").click();
    await expect(page.getByTestId("navigation-loading")).toHaveText("Loading...");
    await expect(page.getByTestId("navigation-loading")).toBeVisible();
    release();
    await expect(page.getByRole("heading", { level: 1, name: "English Singles" })).toBeVisible();
    await expect(page.getByTestId("navigation-loading")).toHaveCount(0);
  });

  test("catalogue pages fit a 360 px phone", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of [
      "/language/english",
      "/category/english-singles",
      `/category/${singlesShelf.slug}`,
      `/products/${slugOf("limited")}`,
      `/products/${single.slug}`,
      `/products/${single.slug}?grader=psa&grade=10`,
      "/search?q=booster",
    ]) {
      await page.goto(path);
      await expectNoHorizontalScroll(page);
    }
  });
});

test.describe("product page", () => {
  test("stock badge thresholds: 0 Out of Stock, 1 and 5 Only n left, 6 In Stock", async ({ page }) => {
    for (const [key, badge] of [
      ["zero", "Out of Stock"],
      ["one", "Only 1 left"],
      ["five", "Only 5 left"],
      ["six", "In Stock"],
    ] as const) {
      await page.goto(`/products/${slugOf(key)}`);
      await expect(page.getByTestId("stock-badge"), key).toHaveText(badge);
    }
    // Out of stock: no quantity selector or Add to Cart.
    await page.goto(`/products/${slugOf("zero")}`);
    await expect(page.getByRole("button", { name: "Add to Cart" })).toHaveCount(0);
  });

  test("the badge follows stock changes made in the database", async ({ page }) => {
    const slug = slugOf("six");
    const [{ id: productId }] = (await query<{ id: number }>("SELECT id FROM products WHERE slug = $1", [slug])) as [{ id: number }];
    try {
      for (const [stock, badge] of [
        [0, "Out of Stock"],
        [1, "Only 1 left"],
        [5, "Only 5 left"],
        [6, "In Stock"],
      ] as const) {
        await setSealedStock(productId, stock);
        // Anonymous pages come from the render cache: the change shows within a second
        // (at once when the notification has arrived; decision 0049). The limit below leaves room
        // for a page load on a busy 2-core machine; the second is measured in bench/, not here.
        await expect(async () => {
          await page.goto(`/products/${slug}`);
          await expect(page.getByTestId("stock-badge"), String(stock)).toHaveText(badge, { timeout: 250 });
        }).toPass({ timeout: 10_000 });
      }
    } finally {
      await setSealedStock(productId, 6);
    }
  });

  test("quantity selector offers 1 .. min(stock, limit), or up to 99 without a limit", async ({ page }) => {
    const optionsOf = async (key: string) => {
      await page.goto(`/products/${slugOf(key)}`);
      await expect(page.getByRole("button", { name: "Add to Cart" })).toBeVisible();
      return page.getByLabel("Quantity").locator("option").allTextContents();
    };
    expect(await optionsOf("limited")).toEqual(["1", "2"]);
    expect(await optionsOf("five")).toEqual(["1", "2", "3", "4", "5"]);
    const plenty = await optionsOf("plenty");
    expect(plenty).toHaveLength(99);
    expect(plenty.at(-1)).toBe("99");
  });

  test("shows price, member price, the notes and the description fallback", async ({ page }) => {
    await page.goto(`/products/${slugOf("plenty")}`);
    await expect(page.getByTestId("price")).toContainText("£20.00");
    await expect(page.getByTestId("member-price")).toContainText("Pro members pay £18.00");
    await expect(page.getByText("Fast Shipping")).toBeVisible();
    await expect(page.getByText("Usually dispatched within 24 hours.")).toBeVisible();
    await expect(page.getByTestId("description")).toHaveText("No description available.");
    await expect(page.getByText("Secure Payment")).toBeVisible();
    const image = page.getByRole("img", { name: `Shelf Plenty ${tag}` });
    await expect(image).toHaveAttribute("width", "600");
    await expect(image).toHaveAttribute("height", "600");

    await page.goto(`/products/${slugOf("limited")}`);
    await expect(page.getByTestId("description")).toHaveText("Two per customer.");
    await expect(page.getByTestId("member-price")).toHaveCount(0);
  });

  test("is findable: unique title, description, canonical, Open Graph and schema.org data", async ({ page }) => {
    const slug = slugOf("one");
    await page.goto(`/products/${slug}`);
    const origin = new URL(page.url()).origin;
    await expect(page).toHaveTitle(`Shelf Stock One ${tag} | Nearmint`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /£20\.00/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/products/${slug}`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", `Shelf Stock One ${tag} | Nearmint`);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", `${origin}/images/art/single/${slug}.svg`);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "product");

    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const data = blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
    const product = data.find((d) => d["@type"] === "Product") as { offers: Record<string, string>; name: string };
    expect(product.name).toBe(`Shelf Stock One ${tag}`);
    expect(product.offers).toMatchObject({
      "@type": "Offer",
      price: "20.00",
      priceCurrency: "GBP",
      availability: "https://schema.org/InStock",
      itemCondition: "https://schema.org/NewCondition",
    });
    const crumbs = data.find((d) => d["@type"] === "BreadcrumbList") as { itemListElement: Array<{ name: string; item: string }> };
    expect(crumbs.itemListElement.map((i) => i.name)).toEqual(["English", shelf.name, `Shelf Stock One ${tag}`]);
    expect(crumbs.itemListElement[2]!.item).toBe(`${origin}/products/${slug}`);

    await page.goto(`/products/${slugOf("zero")}`);
    const zero = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t));
    expect(zero.find((d) => d["@type"] === "Product").offers.availability).toBe("https://schema.org/OutOfStock");

    // The data is in the server's HTML, not added later by JavaScript.
    const html = await (await page.request.get(`/products/${slug}`)).text();
    expect(html).toContain(`<h1 class="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Shelf Stock One ${tag}</h1>`);
    expect(html).toContain('"@type":"Product"');
  });
});

test.describe("a single's product page", () => {
  const picker = (page: Page) => page.getByTestId("variant-picker");
  const option = (page: Page, name: RegExp) => picker(page).getByRole("link", { name });

  test("its tile says From the cheapest copy in stock, with that copy's member price and the stock of all copies", async ({ page }) => {
    await page.goto(`/category/${singlesShelf.slug}`);
    await expect(page.getByTestId("product-count")).toHaveText("2 products");
    await expect(page.getByTestId("in-stock-count")).toHaveText("1 in stock");
    const zapdos = page.getByTestId("product-tile").filter({ hasText: single.name });
    // The damaged copy (£10) is cheaper but sold out: the tile starts from the HP copy.
    await expect(zapdos.getByTestId("tile-price")).toHaveText("From £30.00");
    await expect(zapdos).toContainText("14 in stock");
    const moltres = page.getByTestId("product-tile").filter({ hasText: soldOutSingle.name });
    await expect(moltres.getByTestId("tile-price")).toHaveText("From £30.00");
    await expect(moltres).toContainText("Out of Stock");
  });

  test("shows the card, every variant with price and stock, and the first copy in stock when the URL names none", async ({ page }) => {
    await page.goto(`/products/${single.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: single.name })).toBeVisible();
    const facts = page.getByTestId("card-facts");
    await expect(facts.getByRole("link", { name: single.setName })).toHaveAttribute("href", `/sets/${single.setCode}`);
    await expect(facts).toContainText("15/62");
    await expect(facts).toContainText("Rare Holo");
    await expect(facts).toContainText("Ken Sugimori");

    const raw = page.getByRole("group", { name: /Condition/ });
    await expect(raw.getByRole("link")).toHaveCount(5);
    await expect(raw).toContainText("Holo · English");
    await expect(raw.getByTestId("variant-label")).toHaveText([
      "Near Mint",
      "Lightly Played",
      "Moderately Played",
      "Heavily Played",
      "Damaged",
    ]);
    const graded = page.getByRole("group", { name: "Graded" });
    await expect(graded.getByRole("link")).toHaveCount(2);
    await expect(graded.getByRole("link").first()).toContainText("PSA 10");

    // No query: Near Mint is sold out, so Lightly Played is shown.
    const current = picker(page).locator('[aria-current="true"]');
    await expect(current).toHaveCount(1);
    await expect(current).toContainText("Lightly Played");
    await expect(option(page, /Near Mint/)).toContainText("Out of Stock");
    await expect(option(page, /Near Mint/)).toContainText("Pro £85.00");
    await expect(page.getByTestId("chosen-variant")).toHaveText("Lightly Played · Holo · English");
    await expect(page.getByTestId("price")).toContainText("£70.00");
    await expect(page.getByTestId("member-price")).toContainText("Pro members pay £65.00");
    await expect(page.getByTestId("stock-badge")).toHaveText("In Stock");
    await expect(page.getByText("Limit 3 per customer")).toBeVisible();
    expect(await page.getByLabel("Quantity").locator("option").allTextContents()).toEqual(["1", "2", "3"]);
  });

  test("choosing a variant changes the URL, price, stock badge and quantity, and keeps focus on the choice", async ({ page }) => {
    await page.goto(`/products/${single.slug}`);
    await option(page, /Moderately Played/).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/products/${single.slug}\\?condition=mp&printing=holo&language=en$`));
    await expect(picker(page).locator('[aria-current="true"]')).toContainText("Moderately Played");
    await expect(option(page, /Moderately Played/)).toBeFocused();
    await expect(page.getByTestId("price")).toContainText("£50.00");
    await expect(page.getByTestId("member-price")).toHaveCount(0);
    await expect(page.getByTestId("stock-badge")).toHaveText("Only 3 left");
    expect(await page.getByLabel("Quantity").locator("option").allTextContents()).toEqual(["1", "2", "3"]);

    // A slab with a limit of its own: the variant's limit, not the product's, caps the quantity.
    await option(page, /PSA 10/).click();
    await expect(page).toHaveURL(/\?grader=psa&grade=10$/);
    await expect(page.getByTestId("price")).toContainText("£600.00");
    await expect(page.getByTestId("stock-badge")).toHaveText("Only 2 left");
    await expect(page.getByText("Limit 1 per customer")).toBeVisible();
    expect(await page.getByLabel("Quantity").locator("option").allTextContents()).toEqual(["1"]);

    // The page's own URL, reloaded, shows the same choice.
    await page.reload();
    await expect(picker(page).locator('[aria-current="true"]')).toContainText("PSA 10");
  });

  test("a sold-out variant can be looked at but not bought", async ({ page }) => {
    const response = await page.goto(`/products/${single.slug}?condition=nm&printing=holo&language=en`);
    expect(response?.status()).toBe(200);
    await expect(picker(page).locator('[aria-current="true"]')).toContainText("Near Mint");
    await expect(page.getByTestId("price")).toContainText("£90.00");
    await expect(page.getByTestId("stock-badge")).toHaveText("Out of Stock");
    await expect(page.getByRole("button", { name: /Add(ed)? to Cart/ })).toHaveCount(0);
    await expect(page.getByLabel("Quantity")).toHaveCount(0);
    await expect(page.getByTestId("out-of-stock-note")).toHaveText("This one is out of stock. Choose another above.");
    // Another copy can be bought now, so no availability email is offered (the server would refuse it).
    await expect(page.getByTestId("alert-signup")).toHaveCount(0);

    // Every copy sold out: the first (best condition) is shown, and there is nothing else to choose.
    await page.goto(`/products/${soldOutSingle.slug}`);
    await expect(picker(page).locator('[aria-current="true"]')).toContainText("Near Mint");
    await expect(page.getByTestId("out-of-stock-note")).toHaveText("This card is out of stock.");
    await expect(page.getByTestId("alert-signup")).toBeVisible();
  });

  test("a URL naming no variant of the product shows the default one, not an error", async ({ page }) => {
    for (const query of ["condition=hp&printing=first_edition", "grader=bgs&grade=10", "condition=%27%3B--", "condition=lp&condition=nm"]) {
      const response = await page.goto(`/products/${single.slug}?${query}`);
      expect(response?.status(), query).toBe(200);
      await expect(picker(page).locator('[aria-current="true"]'), query).toContainText("Lightly Played");
    }
    // The canonical URL is the product's, whatever variant is shown.
    await page.goto(`/products/${single.slug}?condition=mp&printing=holo&language=en`);
    const origin = new URL(page.url()).origin;
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/products/${single.slug}`);
  });

  test("the picker works without JavaScript, and Add to Cart posts the chosen variant", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(`/products/${single.slug}`);
      await option(page, /Heavily Played/).click();
      await expect(page).toHaveURL(/\?condition=hp&printing=holo&language=en$/);
      await expect(picker(page).locator('[aria-current="true"]')).toContainText("Heavily Played");
      await expect(page.getByTestId("stock-badge")).toHaveText("Only 1 left");
      await expect(page.locator('form[action="/cart"] input[name="variantId"]')).toHaveValue(String(zapdosVariant("hp")));
      await expect(page.locator('form[action="/cart"] input[name="productId"]')).toHaveCount(0);
      await expect(page.locator('form[action="/cart"] input[name="redirectTo"]')).toHaveValue(
        `/products/${single.slug}?condition=hp&printing=holo&language=en`,
      );
    } finally {
      await context.close();
    }
  });

  test("Added to Cart is per variant", async ({ page }) => {
    await page.goto(`/products/${single.slug}?condition=mp&printing=holo&language=en`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByRole("button", { name: "Added to Cart" })).toBeVisible();
    const guest = (await page.context().cookies()).find((c) => c.name === "nm_guest_cart");
    const lines = await query<{ variant_id: number; quantity: number }>("SELECT variant_id, quantity FROM cart_items WHERE guest_id = $1", [guest?.value ?? ""]);
    expect(lines).toEqual([{ variant_id: zapdosVariant("mp"), quantity: 1 }]);
    // Another copy of the same card is not in the cart.
    await option(page, /Lightly Played/).click();
    await expect(page).toHaveURL(/condition=lp/);
    await expect(page.getByRole("button", { name: "Add to Cart" })).toBeVisible();
    await option(page, /Moderately Played/).click();
    await expect(page.getByRole("button", { name: "Added to Cart" })).toBeVisible();
  });

  test("offers one schema.org Offer per variant with its condition", async ({ page }) => {
    await page.goto(`/products/${single.slug}`);
    const origin = new URL(page.url()).origin;
    const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t) as Record<string, unknown>);
    const product = blocks.find((d) => d["@type"] === "Product") as { offers: { "@type": string; offerCount: number; lowPrice: string; highPrice: string; offers: Array<Record<string, string>> } };
    expect(product.offers).toMatchObject({ "@type": "AggregateOffer", offerCount: 7, lowPrice: "10.00", highPrice: "600.00" });
    expect(product.offers.offers.map((o) => o.itemCondition)).toEqual([
      ...Array(4).fill("https://schema.org/UsedCondition"),
      "https://schema.org/DamagedCondition",
      "https://schema.org/UsedCondition",
      "https://schema.org/UsedCondition",
    ]);
    expect(product.offers.offers[1]).toMatchObject({
      "@type": "Offer",
      name: `${single.name} – Lightly Played · Holo · English`,
      sku: `${single.slug}-lp-holo-en`,
      url: `${origin}/products/${single.slug}?condition=lp&printing=holo&language=en`,
      price: "70.00",
      availability: "https://schema.org/InStock",
    });
    expect(product.offers.offers[0]!.availability).toBe("https://schema.org/OutOfStock");
  });
});

test.describe("not found", () => {
  for (const [path, message] of [
    ["/language/no-such-language", "Language not found"],
    ["/category/no-such-category", "Category not found"],
    ["/products/no-such-product", "Product not found"],
  ] as const) {
    test(`${path} says "${message}" with status 404`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: message })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^${message}`));
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
      await page.getByRole("link", { name: "Back to Home" }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  }

  test("a client-side navigation to a missing product shows the same message", async ({ page }) => {
    await page.goto(`/category/${shelf.slug}`);
    await query("UPDATE products SET is_visible = false WHERE slug = $1", [slugOf("five")]);
    try {
      await page.getByRole("link", { name: `Shelf Stock Five ${tag}` }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Product not found" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to Home" })).toBeVisible();
    } finally {
      await query("UPDATE products SET is_visible = true WHERE slug = $1", [slugOf("five")]);
    }
  });

  test("a search without matches and a blank search are not errors", async ({ page }) => {
    const none = await page.goto("/search?q=zzqxjv");
    expect(none?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Search results for “zzqxjv”" })).toBeVisible();
    await expect(page.getByText("No products found matching “zzqxjv”")).toBeVisible();

    for (const path of ["/search", "/search?q=", "/search?q=%20%20%20"]) {
      const blank = await page.goto(path);
      expect(blank?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: "Search products" })).toBeVisible();
    }
  });
});

test.describe("hidden products", () => {
  const hiddenSlug = slugOf("hidden");

  test("are unreachable by URL, search, category, language, sitemap and image", async ({ page, request }) => {
    const byUrl = await page.goto(`/products/${hiddenSlug}`);
    expect(byUrl?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Product not found" })).toBeVisible();
    await expect(page.locator("body")).not.toContainText(`Shelf Hidden ${tag}`);

    // The same for the demo catalogue's own hidden products.
    const [demoHidden] = await query<{ slug: string }>("SELECT slug FROM products WHERE NOT is_visible AND slug NOT LIKE 'e2e-%' LIMIT 1");
    expect((await page.goto(`/products/${demoHidden!.slug}`))?.status()).toBe(404);

    for (const q of [`shelf hidden ${tag}`, tag, "shelf hidd", hiddenSlug]) {
      await page.goto(`/search?q=${encodeURIComponent(q)}`);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Search results for");
      await expect(page.locator("main")).not.toContainText(`Shelf Hidden ${tag}`);
    }
    await page.goto(`/search?q=${tag}`);
    await expect(page.getByTestId("search-result")).toHaveCount(6);

    await page.goto(`/category/${shelf.slug}`);
    await expect(page.getByTestId("product-tile")).toHaveCount(6);
    await expect(page.locator("main")).not.toContainText(`Shelf Hidden ${tag}`);

    // The language's grid is newest first; the shelf's products are the oldest, on the last page.
    await page.goto("/language/english");
    const pageText = (await page.getByRole("navigation", { name: "Pagination" }).textContent()) ?? "";
    const last = Number(/of (\d+)/.exec(pageText)?.[1] ?? "1");
    await page.goto(`/language/english?page=${last}`);
    await expect(page.locator("main")).toContainText(`Shelf Stock Zero ${tag}`);
    await expect(page.locator("main")).not.toContainText(`Shelf Hidden ${tag}`);

    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toContain(`/products/${slugOf("one")}</loc>`);
    expect(sitemap).not.toContain(hiddenSlug);
    expect(sitemap).not.toContain(`/products/${demoHidden!.slug}<`);

    expect((await request.get(`/images/art/single/${hiddenSlug}.svg`)).status()).toBe(404);
    expect((await request.get(`/images/art/single/${slugOf("one")}.svg`)).status()).toBe(200);
  });
});

test.describe("search", () => {
  test("finds prefixes and puts the best match first", async ({ page }) => {
    await page.goto(`/search?q=${encodeURIComponent(`shelf stock ${tag.slice(0, 5)}`)}`);
    const names = await page.getByTestId("search-result").locator("h2").allTextContents();
    expect(names).toEqual(expect.arrayContaining([`Shelf Stock One ${tag}`, `Shelf Stock Six ${tag}`]));
    expect(names).not.toContain(`Shelf Plenty ${tag}`);

    await page.goto(`/search?q=${encodeURIComponent(`${tag} plenty`)}`);
    await expect(page.getByTestId("search-result").first()).toContainText(`Shelf Plenty ${tag}`);
    await page.goto(`/search?q=${encodeURIComponent(`${tag} -stock`)}`);
    await expect(page.getByTestId("search-result").locator("h2")).toHaveText([`Shelf Limited ${tag}`, `Shelf Plenty ${tag}`]);
  });

  test("hostile input gets a page, never an error", async ({ page, request }) => {
    const hostile = [
      "'; DROP TABLE products; --",
      '" OR 1=1 --',
      "charizard' AND pg_sleep(5) --",
      "a:* & b | !c <-> (d",
      "&|!:*",
      "!!!(((&&&|||",
      ":*",
      "-",
      "or",
      '"',
      "\\",
      "%00",
      "- ".repeat(60) + "x",
      "-! ".repeat(60) + "charizard",
      "<script>alert(1)</script>",
      "${{7*7}}",
      "ピカチュウ",
      "🔥".repeat(300),
      "x".repeat(10_000),
      "select * from users where 1=1",
    ];
    for (const q of hostile) {
      const response = await request.get(`/search?q=${encodeURIComponent(q)}`);
      expect(response.status(), q.slice(0, 40)).toBe(200);
      const html = await response.text();
      expect(html, q.slice(0, 40)).toMatch(/Search results for|Search products/);
      expect(html).not.toContain("<script>alert(1)</script>");
    }
    // And through the browser, typed into the header search.
    await page.goto("/");
    const search = page.locator("header").getByRole("searchbox", { name: "Search products" });
    await search.fill("\"'&|!:* <-> -");
    await search.press("Enter");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Search results for");
    expect(await query<{ n: string }>("SELECT count(*) AS n FROM products")).not.toHaveLength(0);
  });
});

test.describe("findable and fast", () => {
  test("every catalogue page has its own title, a description, canonical URL and Open Graph tags", async ({ page }) => {
    const titles = new Set<string>();
    for (const path of ["/", "/language/english", "/language/japanese", "/category/english-singles", `/category/${shelf.slug}`, `/products/${slugOf("one")}`, `/products/${slugOf("six")}`]) {
      await page.goto(path);
      const title = await page.title();
      expect(titles.has(title), `${path}: ${title}`).toBe(false);
      titles.add(title);
      expect(await page.locator("title").count()).toBe(1);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^.{30,}$/);
      const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
      expect(new URL(canonical!).pathname).toBe(path);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", canonical!);
    }
    await page.goto("/category/english-singles?page=2");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/category\/english-singles\?page=2$/);
  });

  test("sitemap.xml lists languages, categories and products with absolute URLs; robots.txt points to it", async ({ request, baseURL }) => {
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()["content-type"]).toMatch(/xml/);
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${baseURL}/language/english</loc>`);
    expect(xml).toContain(`<loc>${baseURL}/category/english-singles</loc>`);
    expect(xml).toContain(`<loc>${baseURL}/category/${shelf.slug}</loc>`);
    expect(xml).toMatch(new RegExp(`<loc>${baseURL}/products/[a-z0-9-]+</loc>`));
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    for (const path of ["/account", "/cart", "/admin", "/checkout"]) expect(robots).toContain(`Disallow: ${path}\n`);
  });

  test("anonymous pages may be cached and revalidated; personal ones may not", async ({ request }) => {
    const path = `/products/${slugOf("six")}`;
    const anonymous = await request.get(path, { headers: { cookie: "" } });
    expect(anonymous.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    const etag = anonymous.headers()["etag"];
    expect(etag).toBeTruthy();
    const revalidated = await request.get(path, { headers: { "if-none-match": etag! } });
    expect(revalidated.status()).toBe(304);

    for (const cookie of ["nm_session=whatever", "nm_guest_cart=whatever"]) {
      const personal = await request.get(path, { headers: { cookie } });
      expect(personal.status()).toBe(200);
      expect(personal.headers()["cache-control"]).toBe("private, no-store");
      expect(personal.headers()["etag"]).toBeUndefined();
    }
  });

  test("after adding to the cart, pages are no longer publicly cacheable", async ({ page }) => {
    await page.goto(`/products/${slugOf("six")}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByRole("button", { name: "Added to Cart" })).toBeVisible();
    const response = await page.goto(`/products/${slugOf("six")}`);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await expect(page.getByRole("button", { name: "Added to Cart" })).toBeVisible();
  });
});

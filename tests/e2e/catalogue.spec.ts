import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { query } from "./db";

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

test.beforeAll(async () => {
  const [english] = await query<{ id: number }>("SELECT id FROM languages WHERE slug = 'english'");
  const [row] = await query<{ id: number }>(
    "INSERT INTO categories (name, slug, language_id, sort_order) VALUES ($1, $2, $3, 999) RETURNING id",
    [shelf.name, shelf.slug, english!.id],
  );
  shelf.id = row!.id;
  for (const f of FIXTURES) {
    await query(
      `INSERT INTO products (name, slug, price, premium_price, stock, limit_per_customer, is_visible, category_id, description, image_url, created_at)
       VALUES ($1, $2, 2000, $3, $4, $5, $6, $7, $8, $9, '2001-01-01')`,
      [f.name, slugOf(f.key), f.premium, f.stock, f.limit, f.visible, shelf.id, f.description, `/images/art/single/${slugOf(f.key)}.svg`],
    );
  }
});

test.afterAll(async () => {
  await query("DELETE FROM products WHERE category_id = $1", [shelf.id]);
  await query("DELETE FROM categories WHERE id = $1", [shelf.id]);
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
    const names = await page.getByTestId("product-tile").locator("h3").allTextContents();
    expect(names.length).toBeGreaterThan(1);
    expect([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(names);

    const first = page.getByTestId("product-tile").first();
    const firstName = (await first.locator("h3").textContent())!.trim();
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
    for (const name of await results.locator("h3").allTextContents()) expect(name).toMatch(/chari/i);
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
    await expect(tiles.locator("h3")).toHaveText([
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
    for (const path of ["/language/english", "/category/english-singles", `/products/${slugOf("limited")}`, "/search?q=booster"]) {
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
    try {
      for (const [stock, badge] of [
        [0, "Out of Stock"],
        [1, "Only 1 left"],
        [5, "Only 5 left"],
        [6, "In Stock"],
      ] as const) {
        await query("UPDATE products SET stock = $1 WHERE slug = $2", [stock, slug]);
        await page.goto(`/products/${slug}`);
        await expect(page.getByTestId("stock-badge"), String(stock)).toHaveText(badge);
      }
    } finally {
      await query("UPDATE products SET stock = 6 WHERE slug = $1", [slug]);
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
    const names = await page.getByTestId("search-result").locator("h3").allTextContents();
    expect(names).toEqual(expect.arrayContaining([`Shelf Stock One ${tag}`, `Shelf Stock Six ${tag}`]));
    expect(names).not.toContain(`Shelf Plenty ${tag}`);

    await page.goto(`/search?q=${encodeURIComponent(`${tag} plenty`)}`);
    await expect(page.getByTestId("search-result").first()).toContainText(`Shelf Plenty ${tag}`);
    await page.goto(`/search?q=${encodeURIComponent(`${tag} -stock`)}`);
    await expect(page.getByTestId("search-result").locator("h3")).toHaveText([`Shelf Limited ${tag}`, `Shelf Plenty ${tag}`]);
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

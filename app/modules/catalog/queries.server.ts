import { and, asc, count, desc, eq, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { preparedPerDatabase } from "~/db/prepared.server";
import { cards, cardSets, categories, languages, preorders, productImages, products, productVariants } from "~/db/schema";
import type { ResponsiveImage } from "~/modules/media/responsive";
import { processLog } from "~/utils/log.server";
import { productShown, shownCategoryIds } from "./visibility.server";
import { CATALOGUE_PAGE_SIZE, SEARCH_RANK_LIMIT } from "./paging";
import type { ProductCard } from "./product-card";
import type { ProductDetail, ProductVariant } from "./product-page";
import { sortVariants } from "./variant-groups";
import { buildPrefixQuery, normaliseSearchQuery, plainSearchText, type PrefixQuery, webSearchText } from "./search-query";

/** The product's own fields a tile shows; price and stock come from its variants (`headlineOffer`). */
export const productCardColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  imageUrl: products.imageUrl,
  limitPerCustomer: products.limitPerCustomer,
};

export type { ProductCard, ProductDetail, ProductVariant };

/**
 * A product's headline offer, as a LATERAL subquery evaluated once per product row of the outer
 * query (`outerProductId` is that row's id, written as SQL because drizzle would leave an outer
 * column unqualified inside the subquery): the cheapest variant in stock, or the cheapest of all
 * when none is (ties by id), its member price, the stock of all variants and how many there are.
 * Each call reads one product's few variants through product_variants_product_stock_idx; nothing
 * ever aggregates all the shop's variants, so a page costs the same at 100 or 100,000 variants.
 * A product without variants (nothing to sell) has no row here and drops out of listings.
 */
function headlineOffer(db: Db, outerProductId: SQL) {
  const v = productVariants;
  const inStock = sql`${v.stock} > 0`;
  const first = (column: SQL | typeof v.price | typeof v.premiumPrice) =>
    sql`(array_agg(${column} ORDER BY ${inStock} DESC, ${v.price}, ${v.id}))[1]`;
  return db
    .select({
      price: sql<number>`${first(v.price)}`.as("offer_price"),
      premiumPrice: sql<number | null>`${first(v.premiumPrice)}`.as("offer_premium_price"),
      stock: sql<number>`sum(${v.stock})::int`.as("offer_stock"),
      variantCount: sql<number>`count(*)::int`.as("offer_variant_count"),
      // Among what a customer can choose (the variants in stock, or all when none is).
      priceVaries: sql<boolean>`CASE WHEN bool_or(${inStock})
        THEN min(${v.price}) FILTER (WHERE ${inStock}) <> max(${v.price}) FILTER (WHERE ${inStock})
        ELSE min(${v.price}) <> max(${v.price}) END`.as("offer_price_varies"),
      // A variant on an open pre-order (issue 16): the tile says "Pre-order — ships {release date}".
      preorder: sql<boolean>`bool_or(EXISTS (SELECT 1 FROM ${preorders} pr WHERE pr.variant_id = ${v.id} AND pr.released_at IS NULL))`.as("offer_preorder"),
      releaseDate: sql<string | null>`(SELECT pp.release_date::text FROM ${products} pp WHERE pp.id = ${outerProductId})`.as("offer_release_date"),
    })
    .from(v)
    .where(sql`${v.productId} = ${outerProductId}`)
    .having(sql`count(*) > 0`)
    .as("offer");
}

/** The columns a tile needs from `headlineOffer`. */
function offerColumns(offer: ReturnType<typeof headlineOffer>) {
  return {
    price: offer.price,
    premiumPrice: offer.premiumPrice,
    stock: offer.stock,
    variantCount: offer.variantCount,
    priceVaries: offer.priceVaries,
    preorder: offer.preorder,
    releaseDate: offer.releaseDate,
  };
}

/**
 * A product's first uploaded image, as a LATERAL subquery per product row of the outer query
 * (like `headlineOffer`): one probe of product_images_product_idx (product_id, sort_order) per
 * listed product, in the listing's own query. Left-joined: most products may have none.
 */
function firstImage(db: Db, outerProductId: SQL) {
  const i = productImages;
  return db
    .select({ storageKey: i.storageKey, widths: i.widths, width: i.width, height: i.height, alt: i.alt })
    .from(i)
    .where(sql`${i.productId} = ${outerProductId}`)
    .orderBy(asc(i.sortOrder), asc(i.id))
    .limit(1)
    .as("first_image");
}

function imageColumns(image: ReturnType<typeof firstImage>) {
  return { imageKey: image.storageKey, imageWidths: image.widths, imageWidth: image.width, imageHeight: image.height, imageAlt: image.alt };
}

type WithImageColumns<T> = T & {
  imageKey: string | null;
  imageWidths: number[] | null;
  imageWidth: number | null;
  imageHeight: number | null;
  imageAlt: string | null;
};

/** A row with `imageColumns` as a tile: the columns folded into `image` (null when none). */
function withImage<T>({ imageKey, imageWidths, imageWidth, imageHeight, imageAlt, ...rest }: WithImageColumns<T>): Omit<T, never> & { image: ResponsiveImage | null } {
  const image =
    imageKey !== null && imageWidths !== null && imageWidth !== null && imageHeight !== null
      ? { storageKey: imageKey, widths: imageWidths, width: imageWidth, height: imageHeight, alt: imageAlt ?? "" }
      : null;
  return { ...(rest as T), image };
}

const PRODUCTS_ID = sql`"products"."id"`;

/** How a list of tiles is sorted: newest first (home, language) or by name (category, broad search). */
type CardOrder = "newest" | "name";

/**
 * Tiles for one window of the products matching `where`, in `order`. The window is cut from
 * products first, in a subquery the order's index serves, and only its rows get their headline
 * offer: with the LATERAL in the same query as the OFFSET, PostgreSQL would work out the offer of
 * every skipped row too (2,400 of them on page 50).
 */
async function cardsWindow(db: Db, where: SQL | undefined, order: CardOrder, limit: number, offset = 0): Promise<ProductCard[]> {
  const sortKeys = <T extends { id: AnyColumn; name: AnyColumn; createdAt: AnyColumn }>(t: T) =>
    order === "newest" ? [desc(t.createdAt), desc(t.id)] : [asc(t.name), asc(t.id)];
  const windowRows = db
    .select({ ...productCardColumns, createdAt: products.createdAt })
    .from(products)
    .where(where)
    .orderBy(...sortKeys(products))
    .limit(limit)
    .offset(offset)
    .as("window_rows");
  const offer = headlineOffer(db, sql`"window_rows"."id"`);
  const image = firstImage(db, sql`"window_rows"."id"`);
  const rows = await db
    .select({
      id: windowRows.id,
      slug: windowRows.slug,
      name: windowRows.name,
      imageUrl: windowRows.imageUrl,
      limitPerCustomer: windowRows.limitPerCustomer,
      ...offerColumns(offer),
      ...imageColumns(image),
    })
    .from(windowRows)
    .innerJoinLateral(offer, sql`true`)
    .leftJoinLateral(image, sql`true`)
    .orderBy(...sortKeys(windowRows));
  return rows.map(withImage);
}


/** One page of a longer list; `hasNextPage` comes from fetching one row more than shown. */
export interface PageOf<T> {
  items: T[];
  page: number;
  hasNextPage: boolean;
}

const isVisible = productShown;

function pageWindow(page: number) {
  const safePage = Number.isSafeInteger(page) && page >= 1 ? page : 1;
  return { page: safePage, limit: CATALOGUE_PAGE_SIZE + 1, offset: (safePage - 1) * CATALOGUE_PAGE_SIZE };
}

function toPage<T>(rows: T[], page: number): PageOf<T> {
  return { items: rows.slice(0, CATALOGUE_PAGE_SIZE), page, hasNextPage: rows.length > CATALOGUE_PAGE_SIZE };
}

export async function listLanguages(db: Db) {
  return db
    .select({ id: languages.id, code: languages.code, name: languages.name, slug: languages.slug, flagUrl: languages.flagUrl })
    .from(languages)
    .where(eq(languages.isVisible, true))
    .orderBy(asc(languages.sortOrder), asc(languages.name));
}

/** The newest visible products, for the home page's "New Releases". */
export async function newestProducts(db: Db, limit: number): Promise<ProductCard[]> {
  return cardsWindow(db, isVisible, "newest", limit);
}

export async function countVisibleProducts(db: Db) {
  return db.$count(products, and(isVisible));
}

// ---------------------------------------------------------------------------------------------
// Language page
// ---------------------------------------------------------------------------------------------

export interface CategoryWithCount {
  id: number;
  name: string;
  slug: string;
  /** Visible products only: what a customer can actually open. */
  productCount: number;
}

export interface LanguagePage {
  language: { id: number; code: string; name: string; slug: string; flagUrl: string };
  categories: CategoryWithCount[];
  /** Visible products of all the language's categories. */
  productCount: number;
  /** All visible products of the language, newest first. */
  products: PageOf<ProductCard>;
}

/** A language with its categories (and their visible-product counts) and a page of its products. Null when unknown. */
export async function languagePage(db: Db, slug: string, page = 1): Promise<LanguagePage | null> {
  const [language] = await db
    .select({ id: languages.id, code: languages.code, name: languages.name, slug: languages.slug, flagUrl: languages.flagUrl })
    .from(languages)
    .where(and(eq(languages.slug, slug), eq(languages.isVisible, true)))
    .limit(1);
  if (!language) return null;

  const window = pageWindow(page);
  const categoryRows = await db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      // One index-only count per category (products_visible_category_idx) beats joining and
      // grouping tens of thousands of rows. Written out because drizzle would leave the outer
      // column unqualified inside the subquery.
      productCount: sql<number>`(SELECT count(*) FROM "products" AS "p" WHERE "p"."category_id" = "categories"."id" AND "p"."is_visible")`.mapWith(
        Number,
      ),
    })
    .from(categories)
    .where(and(eq(categories.languageId, language.id), eq(categories.isVisible, true)))
    .orderBy(asc(categories.sortOrder), asc(categories.name));
  // The category ids as values, not a subquery: the planner then knows from its statistics
  // whether they hold three products (read them by category) or most of the shop (walk the
  // newest-first index).
  const withProducts = categoryRows.filter((c) => c.productCount > 0).map((c) => c.id);
  const productRows =
    withProducts.length === 0
      ? []
      : await cardsWindow(db, and(isVisible, inArray(products.categoryId, withProducts)), "newest", window.limit, window.offset);
  return {
    language,
    categories: categoryRows,
    productCount: categoryRows.reduce((sum, c) => sum + c.productCount, 0),
    products: toPage(productRows, window.page),
  };
}

// ---------------------------------------------------------------------------------------------
// Category page
// ---------------------------------------------------------------------------------------------

export interface CategoryPage {
  category: { id: number; name: string; slug: string };
  language: { name: string; slug: string };
  /** Visible products in the category. */
  productCount: number;
  /** Visible products with a variant in stock. */
  inStockCount: number;
  /** Visible products sorted by name. */
  products: PageOf<ProductCard>;
}

/** A category with its counts and a page of its visible products by name. Null when unknown. */
export async function categoryPage(db: Db, slug: string, page = 1): Promise<CategoryPage | null> {
  const [row] = await db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      languageName: languages.name,
      languageSlug: languages.slug,
    })
    .from(categories)
    .innerJoin(languages, eq(languages.id, categories.languageId))
    .where(and(eq(categories.slug, slug), eq(categories.isVisible, true), eq(languages.isVisible, true)))
    .limit(1);
  if (!row) return null;

  const window = pageWindow(page);
  const [counts, productRows] = await Promise.all([
    db
      .select({
        productCount: count(),
        // An index-only probe per product (product_variants_product_stock_idx starts with
        // product_id, stock).
        inStockCount: sql<number>`count(*) FILTER (WHERE EXISTS (
          SELECT 1 FROM ${productVariants} WHERE ${productVariants.productId} = "products"."id" AND ${productVariants.stock} > 0))`.mapWith(Number),
      })
      .from(products)
      .where(and(eq(products.categoryId, row.id), isVisible)),
    cardsWindow(db, and(eq(products.categoryId, row.id), isVisible), "name", window.limit, window.offset),
  ]);
  return {
    category: { id: row.id, name: row.name, slug: row.slug },
    language: { name: row.languageName, slug: row.languageSlug },
    productCount: counts[0]?.productCount ?? 0,
    inStockCount: counts[0]?.inStockCount ?? 0,
    products: toPage(productRows, window.page),
  };
}

// ---------------------------------------------------------------------------------------------
// Product page
// ---------------------------------------------------------------------------------------------

/**
 * The product page's whole product in one statement, prepared once per database (decision
 * 0054): its variants and images come along as JSON arrays, so a page costs one round trip
 * instead of three, and drizzle does not build the SQL again for every request. With
 * PostgreSQL the statement is also parsed and planned once per connection (a named statement).
 */
function productBySlugQuery(db: Db) {
  return db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      imageUrl: products.imageUrl,
      limitPerCustomer: products.limitPerCustomer,
      description: products.description,
      updatedAt: products.updatedAt,
      kind: products.kind,
      releaseDate: products.releaseDate,
      categoryName: categories.name,
      categorySlug: categories.slug,
      languageName: languages.name,
      languageSlug: languages.slug,
      languageCode: languages.code,
      cardName: cards.name,
      cardLocalNumber: cards.localNumber,
      cardRarity: cards.rarity,
      cardArtist: cards.artist,
      setCode: cardSets.code,
      setName: cardSets.name,
      setOfficialCardCount: cardSets.officialCardCount,
      variants: sql<ProductVariant[]>`(
        SELECT coalesce(json_agg(json_build_object(
                 'id', v.id, 'condition', v.condition, 'printing', v.printing, 'language', v.language,
                 'grader', v.grader, 'grade', v.grade, 'price', v.price, 'premiumPrice', v.premium_price,
                 'stock', v.stock, 'limitPerCustomer', v.limit_per_customer)), '[]'::json)
          FROM product_variants v WHERE v.product_id = ${products.id})`,
      images: sql<ResponsiveImage[]>`(
        SELECT coalesce(json_agg(json_build_object(
                 'storageKey', i.storage_key, 'widths', i.widths, 'width', i.width, 'height', i.height, 'alt', i.alt)
                 ORDER BY i.sort_order, i.id), '[]'::json)
          FROM product_images i WHERE i.product_id = ${products.id})`,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(languages, eq(languages.id, categories.languageId))
    .leftJoin(cards, eq(cards.id, products.cardId))
    .leftJoin(cardSets, eq(cardSets.id, cards.setId))
    .where(and(eq(products.slug, sql.placeholder("slug")), isVisible))
    .limit(1);
}
const productBySlugStatement = preparedPerDatabase("catalog_product_by_slug", productBySlugQuery);

/**
 * A visible product with what its page needs: breadcrumb, every variant (in the order a customer
 * compares them) and, for a single, its card and set. Null for unknown and hidden products alike.
 * The card is read here, joined, rather than asked of modules/cards: one query for the page
 * (listed among the reporting reads in docs/development.md).
 */
export async function productBySlug(db: Db, slug: string): Promise<ProductDetail | null> {
  const [row] = await productBySlugStatement(db).execute({ slug });
  if (!row) return null;
  const { categoryName, categorySlug, languageName, languageSlug, languageCode, kind } = row;
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    imageUrl: row.imageUrl,
    images: row.images,
    limitPerCustomer: row.limitPerCustomer,
    description: row.description,
    updatedAt: row.updatedAt,
    kind: kind === "single" ? "single" : "sealed",
    releaseDate: row.releaseDate,
    category: { name: categoryName, slug: categorySlug },
    language: { name: languageName, slug: languageSlug, code: languageCode },
    card:
      row.cardName === null || row.cardLocalNumber === null || row.setCode === null || row.setName === null
        ? null
        : {
            name: row.cardName,
            localNumber: row.cardLocalNumber,
            rarity: row.cardRarity,
            artist: row.cardArtist,
            set: { code: row.setCode, name: row.setName, officialCardCount: row.setOfficialCardCount },
          },
    variants: sortVariants(row.variants),
  };
}

// ---------------------------------------------------------------------------------------------
// Search
// ---------------------------------------------------------------------------------------------


export interface SearchResults extends PageOf<ProductCard> {
  /** The query as searched: trimmed, control characters removed, at most 200 characters. */
  query: string;
  /** "ranked": best match first, then by name. "name": a broad query, in name order. */
  order: "ranked" | "name";
  /** Exact count when ranked; for broad queries only that there are more than SEARCH_RANK_LIMIT. */
  total: number | null;
}

/**
 * Full-text search over visible products. The query is read as web-search syntax
 * (`websearch_to_tsquery('english', …)`: quotes, `or`, `-word`), and each word also matches as
 * a prefix of a word in the name ("chari" finds "Charizard"). Any input is safe: it reaches
 * PostgreSQL only as bound parameters, and the prefix query is built from letters and digits.
 */
export async function searchProducts(db: Db, rawQuery: string, page = 1): Promise<SearchResults> {
  const query = normaliseSearchQuery(rawQuery);
  const window = pageWindow(page);
  if (!query) return { query, order: "ranked", total: 0, items: [], page: window.page, hasNextPage: false };
  const prefix = buildPrefixQuery(query);
  try {
    return { query, ...(await runSearch(db, webSearchText(query), prefix, window)) };
  } catch (error) {
    // websearch_to_tsquery has limits of its own ("tsquery stack too small"); rather than show
    // an error, search the words. Anything else (connection lost...) is a real failure.
    const cause = (error as { cause?: { code?: unknown; message?: string } }).cause;
    if (typeof cause?.code !== "string" || !/^(22|42|54|XX)/.test(cause.code)) throw error;
    // Not the words themselves: search terms stay out of the logs (docs/operations.md).
    processLog().warn({ reason: cause.message, queryLength: query.length }, "search: web-search syntax refused; searching the words instead");
    return { query, ...(await runSearch(db, plainSearchText(query), prefix, window)) };
  }
}

async function runSearch(
  db: Db,
  webText: string,
  prefix: PrefixQuery | null,
  window: ReturnType<typeof pageWindow>,
): Promise<Omit<SearchResults, "query">> {
  const web = sql`websearch_to_tsquery('english', ${webText})`;
  // A row matches the web-search query, or (when the query has words) all its words as prefixes.
  // Words the query excludes ("-box") stay excluded from prefix matches too.
  const prefixMatch = prefix
    ? sql`(${products.searchPrefix} @@ to_tsquery('simple', ${prefix.query})${
        prefix.excluded ? sql` AND NOT ${products.searchExact} @@ to_tsquery('english', ${prefix.excluded})` : sql``
      })`
    : sql`false`;
  const matches = sql`${productShown} AND (${products.searchExact} @@ ${web} OR ${prefixMatch})`;
  // Whole-word matches weigh five times a prefix match; normalisation 1 prefers shorter names.
  const rank = prefix
    ? sql`ts_rank(${products.searchExact}, ${web}, 1) + 0.2 * ts_rank(${products.searchPrefix}, to_tsquery('simple', ${prefix.query}), 1)`
    : sql`ts_rank(${products.searchExact}, ${web}, 1)`;

  // The candidates carry the product's own tile fields; the headline offer is looked up for the
  // page's rows only (one LATERAL per shown row), not for every one of up to 1,000 candidates.
  const candidates = db.$with("candidates").as(
    db
      .select({ ...productCardColumns, rank: sql<number>`${rank}`.as("rank") })
      .from(products)
      .where(matches)
      .limit(SEARCH_RANK_LIMIT + 1),
  );
  // The page is cut from the ranked candidates first, so the LATERAL runs for its rows only.
  const pageRows = db
    .with(candidates)
    .select({
      id: candidates.id,
      slug: candidates.slug,
      name: candidates.name,
      imageUrl: candidates.imageUrl,
      limitPerCustomer: candidates.limitPerCustomer,
      rank: candidates.rank,
      total: sql<number>`(SELECT count(*) FROM ${candidates})`.mapWith(Number).as("total"),
    })
    .from(candidates)
    .orderBy(desc(candidates.rank), asc(candidates.name), asc(candidates.id))
    .limit(window.limit)
    .offset(window.offset)
    .as("page_rows");
  const offer = headlineOffer(db, sql`"page_rows"."id"`);
  const image = firstImage(db, sql`"page_rows"."id"`);
  const ranked = (
    await db
      .select({
        id: pageRows.id,
        slug: pageRows.slug,
        name: pageRows.name,
        imageUrl: pageRows.imageUrl,
        limitPerCustomer: pageRows.limitPerCustomer,
        ...offerColumns(offer),
        ...imageColumns(image),
        total: pageRows.total,
      })
      .from(pageRows)
      .innerJoinLateral(offer, sql`true`)
      .leftJoinLateral(image, sql`true`)
      .orderBy(desc(pageRows.rank), asc(pageRows.name), asc(pageRows.id))
  ).map(withImage);

  // Past the last ranked row the page is empty, and the total has to be counted on its own.
  const total = ranked[0]?.total ?? (window.page === 1 ? 0 : await countUpTo(db, matches));
  if (total <= SEARCH_RANK_LIMIT) {
    return { order: "ranked", total, ...toPage(ranked.map(stripTotal), window.page) };
  }
  const byName = await cardsWindow(db, matches, "name", window.limit, window.offset);
  return { order: "name", total: null, ...toPage(byName, window.page) };
}

/** How many rows match, counting no further than one past the ranking limit. */
async function countUpTo(db: Db, matches: ReturnType<typeof sql>): Promise<number> {
  const capped = db.select({ one: sql<number>`1`.as("one") }).from(products).where(matches).limit(SEARCH_RANK_LIMIT + 1).as("capped");
  const [row] = await db.select({ n: count() }).from(capped);
  return row?.n ?? 0;
}

function stripTotal<T extends { total: number }>({ total: _total, ...card }: T): Omit<T, "total"> {
  return card;
}

// ---------------------------------------------------------------------------------------------
// Sitemap
// ---------------------------------------------------------------------------------------------

/** Languages and categories for the sitemap: every one has a page, even when it is empty. */
export async function sitemapSections(db: Db) {
  const [languageRows, categoryRows] = await Promise.all([
    db.select({ slug: languages.slug }).from(languages).where(eq(languages.isVisible, true)).orderBy(asc(languages.sortOrder), asc(languages.slug)),
    db
      .select({ slug: categories.slug })
      .from(categories)
      .where(sql`${categories.id} IN ${shownCategoryIds}`)
      .orderBy(asc(categories.languageId), asc(categories.sortOrder), asc(categories.slug)),
  ]);
  return { languages: languageRows.map((r) => r.slug), categories: categoryRows.map((r) => r.slug) };
}

/** Visible products for the sitemap, in id order, `limit` from `offset`. */
export async function sitemapProducts(db: Db, offset: number, limit: number) {
  return db
    .select({ slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(isVisible)
    .orderBy(asc(products.id))
    .limit(limit)
    .offset(offset);
}

export { CATALOGUE_PAGE_SIZE, SEARCH_RANK_LIMIT };
export { categories, languages, products, productVariants };

export interface MemberPriceExample {
  name: string;
  slug: string;
  price: number;
  premiumPrice: number;
}

/** Variants looked at for the Pro page's examples (see memberPriceExamples). */
const MEMBER_EXAMPLE_CANDIDATES = 100;

/**
 * A few visible products whose headline offer (what their tile shows) has a member price, biggest
 * saving first: what Pro buys, concretely. Working out every product's headline to rank them would
 * cost a LATERAL per product of the shop (~1 s at 100,000), so the candidates are the products of
 * the MEMBER_EXAMPLE_CANDIDATES in-stock variants with the biggest member saving (one pass over the
 * variants, a top-N sort, no grouping), and those are ranked by their headline offer. A product
 * whose headline saves less than a hundred other variants do may be missed: examples, not a ranking.
 */
export async function memberPriceExamples(db: Db, limit = 4): Promise<MemberPriceExample[]> {
  const v = productVariants;
  const candidates = db
    .select({ productId: v.productId })
    .from(v)
    .where(and(sql`${v.premiumPrice} < ${v.price}`, sql`${v.stock} > 0`))
    .orderBy(desc(sql`${v.price} - ${v.premiumPrice}`))
    .limit(MEMBER_EXAMPLE_CANDIDATES);
  const offer = headlineOffer(db, PRODUCTS_ID);
  const rows = await db
    .select({ name: products.name, slug: products.slug, price: offer.price, premiumPrice: offer.premiumPrice })
    .from(products)
    .innerJoinLateral(offer, sql`true`)
    .where(and(isVisible, inArray(products.id, candidates), sql`${offer.premiumPrice} < ${offer.price}`))
    .orderBy(desc(sql`${offer.price} - ${offer.premiumPrice}`), asc(products.name))
    .limit(limit);
  return rows.map((r) => ({ ...r, premiumPrice: r.premiumPrice! }));
}

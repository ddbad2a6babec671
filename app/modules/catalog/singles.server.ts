/**
 * Listing singles from the admin (issue 13, "add single"): find a card in the card database,
 * then create its product (one per card) if it has none and add or restock its variants, one per
 * ticked condition × printing × language or grader × grade, in one transaction written to the
 * audit log. Also the admin's card search and the recently listed singles.
 *
 * Reads card_sets and cards (modules/cards owns them) on purpose: one query joins a card to its
 * set and to the product it is listed as (docs/development.md, "Reporting queries").
 *
 * Concurrency: two admins listing the same card at once get one product (its insert yields to
 * the unique index on card_id, and the loser then locks the winner's row), and both their copies
 * are counted: a new variant is inserted with its opening row in the stock ledger, an existing
 * one gets the quantity through inventory's guarded statement (adjustStock, which writes its
 * ledger row in the same statement), never read-then-write. Lock order is the product row, then
 * its variants by id (inventory's lock order), then new variants in a fixed order, so two
 * listings cannot deadlock.
 */
import { and, asc, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db, Tx } from "~/db/client.server";
import { cards, cardSets, categories, languages, products, productVariants } from "~/db/schema";
import { likePrefix } from "~/db/sql-text";
import { recordAudit } from "~/modules/audit/audit-log.server";
import { adjustStock, recordOpeningStock } from "./inventory.server";
import { normaliseSearchQuery, wordTokens } from "./search-query";
import {
  CARD_SEARCH_LIMIT,
  LIST_MESSAGES,
  MAX_VARIANT_STOCK,
  RECENT_SINGLES_PAGE_SIZE,
  listSingleInputSchema,
  singleName,
  singleSlug,
  type CardSearchHit,
  type CardSummary,
  type CategoryOption,
  type ListedNotice,
  type ListedVariant,
  type ListRow,
  type ListSingleInput,
  type ListSingleResult,
  type PriceSuggestions,
  type RecentSinglesPage,
  type RowErrors,
  type SingleListing,
  type VariantView,
} from "./singles";
import { compareVariants, PRINTINGS, variantLabel, type Printing, type VariantAttributes } from "./variants";

type Executor = Db | Tx;

// ---- Cards --------------------------------------------------------------------------------------

const cardColumns = {
  id: cards.id,
  name: cards.name,
  localNumber: cards.localNumber,
  rarity: cards.rarity,
  printings: cards.printings,
  cardmarketProductId: cards.cardmarketProductId,
  setCode: cardSets.code,
  setName: cardSets.name,
  officialCardCount: cardSets.officialCardCount,
  releaseDate: cardSets.releaseDate,
};

function toSummary(row: {
  id: number;
  name: string;
  localNumber: string;
  rarity: string | null;
  printings: string[] | null;
  setCode: string;
  setName: string;
  officialCardCount: number | null;
  releaseDate: string | null;
}): CardSummary {
  return {
    id: row.id,
    name: row.name,
    localNumber: row.localNumber,
    rarity: row.rarity,
    setCode: row.setCode,
    setName: row.setName,
    officialCardCount: row.officialCardCount,
    releaseDate: row.releaseDate,
    // In the order the shop lists printings, whatever order the import stored them in.
    printings: row.printings === null ? null : PRINTINGS.filter((p) => row.printings!.includes(p)),
    title: singleName(row, { name: row.setName, officialCardCount: row.officialCardCount }),
  };
}

async function findCard(db: Executor, cardId: number) {
  const [row] = await db.select(cardColumns).from(cards).innerJoin(cardSets, eq(cardSets.id, cards.setId)).where(eq(cards.id, cardId));
  return row ?? null;
}

/** A card for a buyer of singles (the buylist): its summary, Cardmarket id, and copies in stock over all its variants. */
export interface CardWithStock extends CardSummary {
  cardmarketProductId: number | null;
  stock: number;
}

/** Cards by id with their stock on hand (0 when not listed); ids not found are absent from the map. */
export async function cardsWithStock(db: Executor, cardIds: number[]): Promise<Map<number, CardWithStock>> {
  const found = new Map<number, CardWithStock>();
  const ids = [...new Set(cardIds)];
  if (ids.length === 0) return found;
  const rows = await db
    .select({
      ...cardColumns,
      stock: sql<number>`(SELECT coalesce(sum(${productVariants.stock}), 0) FROM ${productVariants} WHERE ${productVariants.productId} = ${products.id})::int`,
    })
    .from(cards)
    .innerJoin(cardSets, eq(cardSets.id, cards.setId))
    .leftJoin(products, eq(products.cardId, cards.id))
    .where(inArray(cards.id, ids));
  for (const row of rows) found.set(row.id, { ...toSummary(row), cardmarketProductId: row.cardmarketProductId, stock: Number(row.stock) });
  return found;
}

// ---- Search -------------------------------------------------------------------------------------

/** Most words of a search that count: an admin types a name, a number and a set at most. */
const MAX_SEARCH_TOKENS = 6;
/** A printed card number: "4", "004", "TG01", "SV107", "20A". */
const CARD_NUMBER = /^([a-z]{0,6})(\d{1,8})([a-z]{0,3})$/i;

/**
 * The ways a number may be stored: as typed, and unpadded or zero-padded to 2 and 3 digits
 * ("6" finds "006" in Scarlet & Violet sets, "006" finds "6" in older ones). An index lookup on
 * each, rather than a function of the column that no index serves.
 */
export function numberCandidates(text: string): string[] {
  const match = CARD_NUMBER.exec(text);
  if (!match) return [];
  const [, prefix = "", digits = "", suffix = ""] = match;
  const plain = digits.replace(/^0+(?=\d)/, "");
  const forms = [plain, plain.padStart(2, "0"), plain.padStart(3, "0"), digits];
  const out = new Set<string>([text]);
  for (const form of forms) {
    out.add(`${prefix}${form}${suffix}`);
    out.add(`${prefix.toUpperCase()}${form}${suffix.toUpperCase()}`);
  }
  return [...out];
}

/** The tsquery of a search word's parts as prefixes ("mr.mime" → "mr:* <-> mime:*"); null without letters or digits. */
function prefixQuery(token: string): string | null {
  // Whole words of letters and digits only (wordTokens), so the tsquery text cannot be malformed.
  const words = wordTokens(token).slice(0, 4);
  if (words.length === 0) return null;
  return words.map((w) => (w.length >= 2 ? `${w}:*` : w)).join(" <-> ");
}

/**
 * The sets each search word names, by code ("base1", "sv03.5"), alias ("sv3pt5", "mew") or a
 * word of the name ("base", "151"): one query on card_sets, which is small (a few hundred
 * rows). Resolving them first leaves the card query with plain id lists its indexes serve.
 */
async function setsNamedBy(db: Executor, tokens: string[]): Promise<number[][]> {
  const parts = tokens.map((token, index) => {
    const prefix = prefixQuery(token);
    const byName = prefix !== null && wordTokens(token).every((w) => w.length >= 2) ? sql` OR to_tsvector('simple', ${cardSets.name}) @@ to_tsquery('simple', ${prefix})` : sql``;
    return sql`SELECT ${index}::int AS token, ${cardSets.id} AS id FROM ${cardSets} WHERE lower(${cardSets.code}) = ${token} OR ${token} = ANY(${cardSets.aliases})${byName}`;
  });
  const result = await db.execute(sql.join(parts, sql` UNION ALL `));
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ token: number; id: number }>;
  const out = tokens.map(() => [] as number[]);
  for (const row of rows) out[Number(row.token)]!.push(Number(row.id));
  return out;
}

/** How a search word can match a card: by name, number or set, each served by an index on cards. */
function tokenConditions(token: string, setIds: number[]): { name?: SQL; number?: SQL; set?: SQL; numberOfCount?: SQL } {
  const fraction = /^([a-z0-9]{1,12})\/(\d{1,4})$/i.exec(token);
  if (fraction) {
    const numbers = numberCandidates(fraction[1]!);
    if (numbers.length > 0) return { numberOfCount: and(inArray(cards.localNumber, numbers), eq(cardSets.officialCardCount, Number(fraction[2])))! };
  }
  const prefix = prefixQuery(token);
  const numbers = numberCandidates(token);
  return {
    name: prefix === null ? undefined : sql`${cards.searchName} @@ to_tsquery('simple', ${prefix})`,
    number: numbers.length > 0 ? inArray(cards.localNumber, numbers) : undefined,
    set: setIds.length > 0 ? inArray(cards.setId, setIds) : undefined,
  };
}

/**
 * The admin's card search: every word must match the card's name (as a prefix), its number
 * ("4", "4/102") or its set (code, alias or a word of the name). Best first: a number or name
 * match counts more than a set match, then the newest set, then number order.
 */
export async function searchCards(db: Executor, rawQuery: string, limit = CARD_SEARCH_LIMIT): Promise<CardSearchHit[]> {
  const query = normaliseSearchQuery(rawQuery).toLowerCase();
  const tokens = [...new Set(query.split(" ").filter(Boolean))].slice(0, MAX_SEARCH_TOKENS);
  if (tokens.length === 0) return [];
  const sets = await setsNamedBy(db, tokens);

  const where: SQL[] = [];
  const score: SQL[] = [];
  for (const [index, token] of tokens.entries()) {
    const c = tokenConditions(token, sets[index]!);
    if (c.numberOfCount) {
      where.push(c.numberOfCount);
      score.push(sql`8`);
      continue;
    }
    const any = or(c.name, c.number, c.set);
    if (!any) return [];
    where.push(any);
    if (c.name) score.push(sql`(CASE WHEN ${c.name} THEN 4 ELSE 0 END)`);
    if (c.number) score.push(sql`(CASE WHEN ${c.number} THEN 4 ELSE 0 END)`);
    if (c.set) score.push(sql`(CASE WHEN ${c.set} THEN 1 ELSE 0 END)`);
  }
  const rank = sql.join(score, sql` + `);

  const rows = await db
    .select({
      ...cardColumns,
      productId: products.id,
      productSlug: products.slug,
      variants: sql<number>`(SELECT count(*) FROM ${productVariants} WHERE ${productVariants.productId} = ${products.id})::int`,
      stock: sql<number>`(SELECT coalesce(sum(${productVariants.stock}), 0) FROM ${productVariants} WHERE ${productVariants.productId} = ${products.id})::int`,
    })
    .from(cards)
    .innerJoin(cardSets, eq(cardSets.id, cards.setId))
    .leftJoin(products, eq(products.cardId, cards.id))
    .where(and(...where))
    .orderBy(sql`${rank} DESC`, sql`${cardSets.releaseDate} DESC NULLS LAST`, asc(cardSets.code), asc(cards.numberSort))
    .limit(Math.max(1, Math.min(limit, 100)));

  return rows.map((row) => ({
    ...toSummary(row),
    listed: row.productId === null ? null : { productId: row.productId, slug: row.productSlug!, variants: row.variants, stock: row.stock },
  }));
}

// ---- The listing form ---------------------------------------------------------------------------

/** Suggests prices for a card's rows (e.g. from the market price guide); the market module provides one. */
export type PriceSuggester = (db: Db, card: { id: number; cardmarketProductId: number | null; printings: Printing[] }) => Promise<PriceSuggestions>;

const variantColumns = {
  id: productVariants.id,
  condition: productVariants.condition,
  printing: productVariants.printing,
  language: productVariants.language,
  grader: productVariants.grader,
  grade: productVariants.grade,
  price: productVariants.price,
  premiumPrice: productVariants.premiumPrice,
  stock: productVariants.stock,
};

function toVariantView(row: Omit<VariantView, "label">): VariantView {
  return { ...row, label: variantLabel(row) ?? "Standard" };
}

async function variantsOf(db: Executor, productIds: number[]): Promise<Map<number, VariantView[]>> {
  const byProduct = new Map<number, VariantView[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({ productId: productVariants.productId, ...variantColumns })
    .from(productVariants)
    .where(inArray(productVariants.productId, productIds));
  for (const { productId, ...row } of rows) {
    const list = byProduct.get(productId) ?? [];
    list.push(toVariantView(row));
    byProduct.set(productId, list);
  }
  for (const list of byProduct.values()) list.sort(compareVariants);
  return byProduct;
}

async function categoryOptions(db: Executor): Promise<CategoryOption[]> {
  const rows = await db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      isVisible: sql<boolean>`${categories.isVisible} AND ${languages.isVisible}`,
      languageCode: languages.code,
      languageName: languages.name,
    })
    .from(categories)
    .innerJoin(languages, eq(languages.id, categories.languageId))
    .orderBy(asc(languages.sortOrder), asc(languages.id), asc(categories.sortOrder), asc(categories.id));
  return rows.map(({ slug: _slug, ...row }) => row);
}

/**
 * The category a new single goes to by default: the first category of its language named
 * "… Singles" (the demo's "English Singles"), not one for graded slabs or sealed product, and
 * not a hidden one (its products would not show).
 */
export function singlesCategoryByLanguage(options: Array<{ id: number; name: string; languageCode: string; isVisible: boolean }>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const option of options) {
    if (option.languageCode in out || !option.isVisible) continue;
    if (/\bsingles?\b/i.test(option.name) && !/\bgraded\b|\bslabs?\b/i.test(option.name)) out[option.languageCode] = option.id;
  }
  return out;
}

/** The listing form of one card: the card, its product and variants if listed, the categories, and suggested prices. */
export async function getSingleListing(db: Db, cardId: number, options: { suggestPrices?: PriceSuggester } = {}): Promise<SingleListing | null> {
  const row = await findCard(db, cardId);
  if (!row) return null;
  const card = toSummary(row);
  const [product] = await db
    .select({ id: products.id, slug: products.slug, name: products.name, isVisible: products.isVisible, categoryName: categories.name })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.cardId, cardId));
  const variants = product ? ((await variantsOf(db, [product.id])).get(product.id) ?? []) : [];
  const categoryList = await categoryOptions(db);
  const printings = card.printings && card.printings.length > 0 ? card.printings : [...PRINTINGS];
  const suggestions = options.suggestPrices ? await options.suggestPrices(db, { id: card.id, cardmarketProductId: row.cardmarketProductId, printings }) : {};
  return {
    card,
    product: product ?? null,
    variants,
    printings,
    categories: categoryList,
    singlesCategoryByLanguage: singlesCategoryByLanguage(categoryList),
    suggestions,
  };
}

// ---- Listing ------------------------------------------------------------------------------------

/** A refusal inside the transaction: thrown to roll back everything, answered as a result. */
class Refusal extends Error {
  constructor(readonly result: Extract<ListSingleResult, { ok: false }>) {
    super(result.message);
  }
}

function refusal(status: 400 | 404, message: string, rowErrors: RowErrors = {}, field?: "category" | "language"): Refusal {
  return new Refusal({ ok: false, status, message, rowErrors, field });
}

function attributesOf(row: ListRow, language: string): VariantAttributes {
  return row.kind === "raw"
    ? { condition: row.condition, printing: row.printing, language, grader: null, grade: null }
    : // A slab is card × grader × grade in the card's print language: a Japanese PSA 10 is not an English one.
      { condition: null, printing: null, language, grader: row.grader, grade: row.grade };
}

const attributeKey = (v: VariantAttributes) => [v.condition, v.printing, v.language, v.grader, v.grade].join("|");

/** A variant of the product by its attributes (nulls matching nulls), locked; null when there is none. */
async function lockVariant(tx: Tx, productId: number, v: VariantAttributes) {
  const same = (column: AnyPgColumn, value: string | null) => sql`${column} IS NOT DISTINCT FROM ${value}`;
  const [row] = await tx
    .select(variantColumns)
    .from(productVariants)
    .where(
      and(
        eq(productVariants.productId, productId),
        same(productVariants.condition, v.condition),
        same(productVariants.printing, v.printing),
        same(productVariants.language, v.language),
        same(productVariants.grader, v.grader),
        same(productVariants.grade, v.grade),
      ),
    )
    .for("update");
  return row ?? null;
}

/** Most tries at a free slug when other products keep taking the next one at the same moment. */
const SLUG_ATTEMPTS = 5;

/** The card's product, locked (FOR UPDATE through the UPDATE), or null when the card has none yet. */
async function lockProductOfCard(tx: Tx, cardId: number) {
  const [row] = await tx
    .update(products)
    .set({ updatedAt: sql`now()` })
    .where(eq(products.cardId, cardId))
    .returning({ id: products.id, slug: products.slug, name: products.name });
  return row ?? null;
}

/** A slug no product has: the card's own, or it with "-2", "-3", … */
async function freeSlug(tx: Tx, base: string): Promise<string> {
  const taken = await tx
    .select({ slug: products.slug })
    .from(products)
    .where(or(eq(products.slug, base), sql`${products.slug} LIKE ${likePrefix(`${base}-`)}`));
  const used = new Set(taken.map((r) => r.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

async function resolveCategory(tx: Tx, input: Pick<ListSingleInput, "categoryId" | "language">): Promise<number> {
  if (input.categoryId !== null) {
    const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId));
    if (!row) throw refusal(400, LIST_MESSAGES.category, {}, "category");
    return row.id;
  }
  const options = await categoryOptions(tx);
  const id = singlesCategoryByLanguage(options)[input.language];
  if (id === undefined) throw refusal(400, LIST_MESSAGES.noSinglesCategory(input.language), {}, "category");
  return id;
}

/**
 * The card's product, locked; made first if the card has none (kind "single", named "Charizard
 * 4/102 · Base Set", visible, in the chosen category or the Singles category of the language).
 */
async function productOfCard(
  tx: Tx,
  card: NonNullable<Awaited<ReturnType<typeof findCard>>>,
  input: Pick<ListSingleInput, "categoryId" | "language">,
): Promise<{ product: { id: number; slug: string; name: string }; productCreated: boolean }> {
  let product = await lockProductOfCard(tx, card.id);
  if (product) return { product, productCreated: false };
  const categoryId = await resolveCategory(tx, input);
  const name = singleName(card, { name: card.setName, officialCardCount: card.officialCardCount });
  const base = singleSlug(card, card.setCode);
  for (let attempt = 0; attempt < SLUG_ATTEMPTS && !product; attempt++) {
    const slug = await freeSlug(tx, base);
    // DO NOTHING on any unique index: the card's (another admin listed it a moment ago; this
    // waits for their transaction) or the slug's (taken since we looked).
    const [created] = await tx
      .insert(products)
      .values({ name, slug, kind: "single", cardId: card.id, categoryId, isVisible: true })
      .onConflictDoNothing()
      .returning({ id: products.id, slug: products.slug, name: products.name });
    if (created) return { product: created, productCreated: true };
    product = await lockProductOfCard(tx, card.id);
  }
  if (!product) throw refusal(400, LIST_MESSAGES.resend);
  return { product, productCreated: false };
}

/**
 * Lists a card: creates its product if it has none (kind "single", named "Charizard 4/102 ·
 * Base Set", visible, in the chosen category or the Singles category of the language), then for
 * every row adds a variant or, if it exists, adds the quantity to its stock and sets its prices.
 * All or nothing; recorded in the audit log.
 */
export async function listSingle(db: Db, admin: { id: string }, rawInput: ListSingleInput): Promise<ListSingleResult> {
  const parsed = listSingleInputSchema.safeParse(rawInput);
  if (!parsed.success) {
    const rowErrors: RowErrors = {};
    let message: string = LIST_MESSAGES.resend;
    let field: "category" | "language" | undefined;
    for (const issue of parsed.error.issues) {
      const [top, index, name] = issue.path;
      if (top === "rows" && typeof index === "number") {
        const key = rawInput.rows?.[index]?.key ?? `row${index}`;
        const fieldOf = name === "quantity" ? "qty" : name === "price" ? "price" : name === "memberPrice" ? "member" : name === "grader" ? "grader" : name === "grade" ? "grade" : "row";
        rowErrors[key] ??= { field: fieldOf, message: issue.message };
      } else if (top === "language") {
        message = LIST_MESSAGES.language;
        field = "language";
      } else if (top === "rows") {
        message = issue.message;
      }
    }
    const count = Object.keys(rowErrors).length;
    return { ok: false, status: 400, message: count > 0 ? LIST_MESSAGES.rowsNeedAttention(count) : message, rowErrors, field };
  }
  const input = parsed.data;
  const seen = new Set<string>();
  for (const row of input.rows) {
    const key = attributeKey(attributesOf(row, input.language));
    if (seen.has(key)) return { ok: false, status: 400, message: LIST_MESSAGES.rowsNeedAttention(1), rowErrors: { [row.key]: { field: "row", message: LIST_MESSAGES.gradedTwice } } };
    seen.add(key);
  }

  try {
    return await db.transaction(async (tx) => {
      const card = await findCard(tx, input.cardId);
      if (!card) throw refusal(404, LIST_MESSAGES.cardMissing);
      const summary = toSummary(card);

      // Printings the card was never printed in are refused when the card data says which it has.
      if (summary.printings !== null && summary.printings.length > 0) {
        const rowErrors: RowErrors = {};
        for (const row of input.rows) {
          if (row.kind === "raw" && !summary.printings.includes(row.printing)) rowErrors[row.key] = { field: "row", message: LIST_MESSAGES.printing(summary.printings) };
        }
        const count = Object.keys(rowErrors).length;
        if (count > 0) throw refusal(400, LIST_MESSAGES.rowsNeedAttention(count), rowErrors);
      }

      const { product, productCreated } = await productOfCard(tx, card, input);
      const productId = product.id;

      // The variants there are, locked in id order: what they were before is what the audit log keeps.
      const before = new Map(
        (
          await tx
            .select(variantColumns)
            .from(productVariants)
            .where(eq(productVariants.productId, productId))
            .orderBy(asc(productVariants.id))
            .for("update")
        ).map((v) => [attributeKey(v), v]),
      );

      const rows = input.rows
        .map((row) => ({ row, attributes: attributesOf(row, input.language) }))
        .sort((a, b) => compareVariants(a.attributes, b.attributes));
      const listed: ListedVariant[] = [];
      const audit: Record<string, unknown>[] = [];
      const stockErrors: RowErrors = {};
      const movement = { reason: "listing" as const, actorId: admin.id };
      for (const { row, attributes } of rows) {
        let was = before.get(attributeKey(attributes)) ?? null;
        let saved: typeof was = null;
        let created = false;
        if (!was) {
          // A new variant, its stock's opening row in the ledger. DO NOTHING: if someone made the
          // same variant a moment ago (waiting for them), it is an existing one after all.
          const [inserted] = await tx
            .insert(productVariants)
            .values({ productId, ...attributes, price: row.price, premiumPrice: row.memberPrice, stock: row.quantity })
            .onConflictDoNothing()
            .returning(variantColumns);
          if (inserted) {
            await recordOpeningStock(tx, [inserted.id], movement);
            saved = inserted;
            created = true;
          } else {
            was = await lockVariant(tx, productId, attributes);
          }
        }
        if (was && !saved) {
          // An existing variant: the quantity added by inventory's guarded statement (with its
          // ledger row), then the prices typed.
          if (row.quantity > 0 && (await adjustStock(tx, was.id, row.quantity, movement, MAX_VARIANT_STOCK)) === null) {
            stockErrors[row.key] = { field: "qty", message: LIST_MESSAGES.stockTooHigh };
            continue;
          }
          const [updated] = await tx
            .update(productVariants)
            .set({ price: row.price, premiumPrice: row.memberPrice, updatedAt: sql`now()` })
            .where(eq(productVariants.id, was.id))
            .returning(variantColumns);
          saved = updated ?? null;
        }
        if (!saved) throw refusal(400, LIST_MESSAGES.resend);
        const label = variantLabel(attributes) ?? "Standard";
        listed.push({ variantId: saved.id, label, added: row.quantity, stock: saved.stock, price: saved.price, premiumPrice: saved.premiumPrice, created });
        audit.push({
          variantId: saved.id,
          label,
          created,
          quantityAdded: row.quantity,
          stockBefore: created ? 0 : was!.stock,
          stockAfter: saved.stock,
          priceBefore: was?.price ?? null,
          price: saved.price,
          memberPriceBefore: was ? was.premiumPrice : null,
          memberPrice: saved.premiumPrice,
        });
      }
      const stockErrorCount = Object.keys(stockErrors).length;
      if (stockErrorCount > 0) throw refusal(400, LIST_MESSAGES.rowsNeedAttention(stockErrorCount), stockErrors);

      await recordAudit(tx, {
        actorUserId: admin.id,
        action: "single.listed",
        entityType: "product",
        entityId: String(productId),
        details: { cardId: card.id, productCreated, language: input.language, variants: audit },
      });
      return { ok: true as const, productId, slug: product.slug, name: product.name, productCreated, variants: listed };
    });
  } catch (error) {
    if (error instanceof Refusal) return error.result;
    throw error;
  }
}

// ---- Stock from elsewhere -----------------------------------------------------------------------

export type EnsuredVariant =
  | { ok: true; productId: number; variantId: number; productCreated: boolean; variantCreated: boolean }
  | { ok: false; message: string };

/**
 * The variant of a card's single product with these attributes, locked, made with no stock if
 * missing (and the product too, as "add single" makes it): for units arriving from elsewhere, such
 * as cards bought from customers (issue 15), which the caller then adds through inventory's
 * `adjustStock` with its own reason, so every unit is in the ledger once. `priceForNew` prices a
 * variant made here (an existing one keeps its prices). Run in the caller's transaction; callers
 * doing several cards go in card-id order (product lock, then variant: listSingle's order).
 */
export async function ensureSingleVariant(
  tx: Tx,
  cardId: number,
  attributes: { condition: string; printing: string; language: string },
  priceForNew: () => number,
): Promise<EnsuredVariant> {
  const card = await findCard(tx, cardId);
  if (!card) return { ok: false, message: LIST_MESSAGES.cardMissing };
  let ensured: { product: { id: number }; productCreated: boolean };
  try {
    ensured = await productOfCard(tx, card, { categoryId: null, language: attributes.language });
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, message: error.result.message };
    throw error;
  }
  const productId = ensured.product.id;
  const wanted: VariantAttributes = { ...attributes, grader: null, grade: null };
  const existing = await lockVariant(tx, productId, wanted);
  if (existing) return { ok: true, productId, variantId: existing.id, productCreated: ensured.productCreated, variantCreated: false };
  const [inserted] = await tx
    .insert(productVariants)
    .values({ productId, ...wanted, price: priceForNew(), stock: 0 })
    .onConflictDoNothing()
    .returning({ id: productVariants.id });
  // Made by someone else a moment ago: theirs, locked.
  const variant = inserted ?? (await lockVariant(tx, productId, wanted));
  if (!variant) return { ok: false, message: LIST_MESSAGES.resend };
  return { ok: true, productId, variantId: variant.id, productCreated: ensured.productCreated, variantCreated: Boolean(inserted) };
}

// ---- What was listed ----------------------------------------------------------------------------

/** The notice after a listing: the product, its link and its variants' stock now. */
export async function listedNotice(db: Db, productId: number): Promise<ListedNotice | null> {
  const [row] = await db
    .select({ productId: products.id, name: products.name, slug: products.slug, isVisible: products.isVisible })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.kind, "single")));
  if (!row) return null;
  return { ...row, variants: (await variantsOf(db, [row.productId])).get(row.productId) ?? [] };
}

/** Singles newest first (by when their product was created), with their variants' stock. */
export async function listRecentSingles(db: Db, page = 1): Promise<RecentSinglesPage> {
  const size = RECENT_SINGLES_PAGE_SIZE;
  const rows = await db
    .select({
      productId: products.id,
      cardId: cards.id,
      name: products.name,
      slug: products.slug,
      isVisible: products.isVisible,
      createdAt: products.createdAt,
      setCode: cardSets.code,
    })
    .from(products)
    .innerJoin(cards, eq(cards.id, products.cardId))
    .innerJoin(cardSets, eq(cardSets.id, cards.setId))
    .where(eq(products.kind, "single"))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(size + 1)
    .offset((page - 1) * size);
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(products).where(eq(products.kind, "single"));
  const shown = rows.slice(0, size);
  const variants = await variantsOf(
    db,
    shown.map((r) => r.productId),
  );
  return {
    singles: shown.map((r) => ({ ...r, variants: variants.get(r.productId) ?? [] })),
    page,
    hasNextPage: rows.length > size,
    total,
  };
}

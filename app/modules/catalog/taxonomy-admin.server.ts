/**
 * Languages and categories in the back office: list, create, edit, reorder, hide and show. Every
 * write runs in one transaction with its audit row (before/after). Slugs are unique per table: a
 * taken one is refused with a free suggestion, and two admins racing for one meet the unique
 * index, which is read back as the same message. Nothing here deletes: hiding takes a language
 * or category (and its products) out of the shop (visibility.server.ts) and showing it brings
 * them back.
 */
import { and, asc, eq, like, ne, sql } from "drizzle-orm";
import { notifyCatalogueChanged } from "./catalogue-changes.server";
import type { Db, Tx } from "~/db/client.server";
import { uniqueViolation } from "~/db/errors";
import { categories, languages } from "~/db/schema";
import { likePrefix } from "~/db/sql-text";
import { recordAudit } from "~/modules/audit/audit-log.server";
import { firstFreeSlug } from "~/utils/slug";
import { flagExists } from "./flags.server";
import {
  flagUrlFor,
  TAXONOMY_TEXT,
  type AdminCategory,
  type AdminLanguage,
  type CategoryInput,
  type DoneKey,
  type LanguageInput,
  type TaxonomyFieldErrors,
} from "./taxonomy-form";

export type TaxonomyResult = { ok: true; id: number; message: string; done: DoneKey } | { ok: false; message: string; errors?: TaxonomyFieldErrors; notFound?: boolean };
export type TaxonomyKind = "language" | "category";

const SORT_STEP = 10;

// Written out with aliases: drizzle leaves a column unqualified inside a subquery of a select.
const productCountOfCategory = sql<number>`(SELECT count(*)::int FROM products p WHERE p.category_id = "categories"."id")`;

export async function listLanguagesForAdmin(db: Db): Promise<AdminLanguage[]> {
  return db
    .select({
      id: languages.id,
      name: languages.name,
      slug: languages.slug,
      code: languages.code,
      flagUrl: languages.flagUrl,
      isVisible: languages.isVisible,
      sortOrder: languages.sortOrder,
      categoryCount: sql<number>`(SELECT count(*)::int FROM categories c WHERE c.language_id = "languages"."id")`,
      productCount: sql<number>`(SELECT count(*)::int FROM products p JOIN categories c ON c.id = p.category_id WHERE c.language_id = "languages"."id")`,
    })
    .from(languages)
    .orderBy(asc(languages.sortOrder), asc(languages.name), asc(languages.id));
}

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  languageId: categories.languageId,
  isVisible: categories.isVisible,
  sortOrder: categories.sortOrder,
  productCount: productCountOfCategory,
};

/** A language with its categories in shop order; null when there is none with this id. */
export async function languageForAdmin(db: Db, id: number): Promise<{ language: AdminLanguage; categories: AdminCategory[] } | null> {
  const language = (await listLanguagesForAdmin(db)).find((l) => l.id === id);
  if (!language) return null;
  const rows = await db
    .select(categoryColumns)
    .from(categories)
    .where(eq(categories.languageId, id))
    .orderBy(asc(categories.sortOrder), asc(categories.name), asc(categories.id));
  return { language, categories: rows };
}

/** A category with the languages it may move to; null when there is none with this id. */
export async function categoryForAdmin(db: Db, id: number): Promise<{ category: AdminCategory; language: { id: number; name: string }; languages: { id: number; name: string }[] } | null> {
  const [category] = await db.select(categoryColumns).from(categories).where(eq(categories.id, id)).limit(1);
  if (!category) return null;
  const all = await db.select({ id: languages.id, name: languages.name }).from(languages).orderBy(asc(languages.sortOrder), asc(languages.name));
  const language = all.find((l) => l.id === category.languageId)!;
  return { category, language, languages: all };
}

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

type Table = typeof languages | typeof categories;

/** A free slug near `slug` in `table` (for the "already used" message). */
async function freeSlugNear(tx: Db | Tx, table: Table, slug: string): Promise<string> {
  const rows = await tx.select({ slug: table.slug }).from(table).where(like(table.slug, likePrefix(slug)));
  return firstFreeSlug(slug, new Set(rows.map((r) => r.slug)));
}

async function slugTaken(tx: Tx, table: Table, slug: string, exceptId: number | null): Promise<string | null> {
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(exceptId === null ? eq(table.slug, slug) : and(eq(table.slug, slug), ne(table.id, exceptId)))
    .limit(1);
  return row ? TAXONOMY_TEXT.slugTaken(slug, await freeSlugNear(tx, table, slug)) : null;
}

class Refusal extends Error {
  constructor(readonly result: Extract<TaxonomyResult, { ok: false }>) {
    super(result.message);
  }
}

const refuse = (errors: TaxonomyFieldErrors): never => {
  throw new Refusal({ ok: false, message: TAXONOMY_TEXT.fix, errors });
};

/** A transaction whose success tells every instance's render cache (menus and pages show the taxonomy; decision 0049). */
function announcedTransaction(db: Db, work: (tx: Tx) => Promise<TaxonomyResult>): Promise<TaxonomyResult> {
  return db.transaction(async (tx) => {
    const result = await work(tx);
    if (result.ok) await notifyCatalogueChanged(tx);
    return result;
  });
}

/** Runs a write; a refusal or the slug's unique index (a race) comes back as a message. */
async function write(db: Db, table: Table, slug: string, work: (tx: Tx) => Promise<TaxonomyResult>, code = ""): Promise<TaxonomyResult> {
  try {
    return await announcedTransaction(db, work);
  } catch (error) {
    if (error instanceof Refusal) return error.result;
    const violated = uniqueViolation(error);
    if (violated?.constraint.includes("code")) return { ok: false, message: TAXONOMY_TEXT.fix, errors: { code: TAXONOMY_TEXT.codeTaken(code) } };
    if (violated) return { ok: false, message: TAXONOMY_TEXT.fix, errors: { slug: TAXONOMY_TEXT.slugTaken(slug, await freeSlugNear(db, table, slug)) } };
    throw error;
  }
}

function checkFlag(flagCode: string): void {
  if (!flagExists(flagCode)) refuse({ flag: TAXONOMY_TEXT.flagUnknown(flagCode) });
}

/** A new language, last in the list and hidden until the owner shows it (it has no categories yet). */
export async function createLanguage(db: Db, actorUserId: string, input: LanguageInput): Promise<TaxonomyResult> {
  return write(db, languages, input.slug, async (tx) => {
    checkFlag(input.flagCode);
    const code = input.code!;
    const taken = await slugTaken(tx, languages, input.slug, null);
    const [sameCode] = await tx.select({ id: languages.id }).from(languages).where(eq(languages.code, code)).limit(1);
    if (taken || sameCode) refuse({ ...(taken ? { slug: taken } : {}), ...(sameCode ? { code: TAXONOMY_TEXT.codeTaken(code) } : {}) });
    const [last] = await tx.select({ max: sql<number | null>`max(${languages.sortOrder})` }).from(languages);
    const row = { name: input.name, slug: input.slug, code, flagUrl: flagUrlFor(input.flagCode), isVisible: false, sortOrder: (last?.max ?? 0) + SORT_STEP };
    const [created] = await tx.insert(languages).values(row).returning({ id: languages.id });
    await recordAudit(tx, { actorUserId, action: "language.created", entityType: "language", entityId: String(created!.id), details: { after: row } });
    return { ok: true, id: created!.id, message: TAXONOMY_TEXT.languageCreated(input.name), done: "created" };
  }, input.code);
}

export async function updateLanguage(db: Db, actorUserId: string, id: number, input: LanguageInput): Promise<TaxonomyResult> {
  return write(db, languages, input.slug, async (tx) => {
    const [before] = await tx.select().from(languages).where(eq(languages.id, id)).for("update");
    if (!before) return { ok: false, message: TAXONOMY_TEXT.notFound, notFound: true };
    checkFlag(input.flagCode);
    const taken = await slugTaken(tx, languages, input.slug, id);
    if (taken) refuse({ slug: taken });
    const after = { name: input.name, slug: input.slug, flagUrl: flagUrlFor(input.flagCode) };
    if (after.name === before.name && after.slug === before.slug && after.flagUrl === before.flagUrl) return { ok: true, id, message: TAXONOMY_TEXT.unchanged(before.name), done: "unchanged" };
    await tx.update(languages).set(after).where(eq(languages.id, id));
    await recordAudit(tx, {
      actorUserId,
      action: "language.updated",
      entityType: "language",
      entityId: String(id),
      details: { before: { name: before.name, slug: before.slug, flagUrl: before.flagUrl }, after },
    });
    return { ok: true, id, message: TAXONOMY_TEXT.saved(after.name), done: "saved" };
  });
}

async function languageExists(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx.select({ id: languages.id }).from(languages).where(eq(languages.id, id)).limit(1);
  return Boolean(row);
}

/** A new category, last in its language and hidden until the owner shows it. */
export async function createCategory(db: Db, actorUserId: string, input: CategoryInput): Promise<TaxonomyResult> {
  return write(db, categories, input.slug, async (tx) => {
    if (!(await languageExists(tx, input.languageId))) refuse({ languageId: TAXONOMY_TEXT.language });
    const taken = await slugTaken(tx, categories, input.slug, null);
    if (taken) refuse({ slug: taken });
    const [last] = await tx.select({ max: sql<number | null>`max(${categories.sortOrder})` }).from(categories).where(eq(categories.languageId, input.languageId));
    const row = { name: input.name, slug: input.slug, languageId: input.languageId, isVisible: false, sortOrder: (last?.max ?? 0) + SORT_STEP };
    const [created] = await tx.insert(categories).values(row).returning({ id: categories.id });
    await recordAudit(tx, { actorUserId, action: "category.created", entityType: "category", entityId: String(created!.id), details: { after: row } });
    return { ok: true, id: created!.id, message: TAXONOMY_TEXT.categoryCreated(input.name), done: "created" };
  });
}

export async function updateCategory(db: Db, actorUserId: string, id: number, input: CategoryInput): Promise<TaxonomyResult> {
  return write(db, categories, input.slug, async (tx) => {
    const [before] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
    if (!before) return { ok: false, message: TAXONOMY_TEXT.notFound, notFound: true };
    if (!(await languageExists(tx, input.languageId))) refuse({ languageId: TAXONOMY_TEXT.language });
    const taken = await slugTaken(tx, categories, input.slug, id);
    if (taken) refuse({ slug: taken });
    const after = { name: input.name, slug: input.slug, languageId: input.languageId };
    if (after.name === before.name && after.slug === before.slug && after.languageId === before.languageId) {
      return { ok: true, id, message: TAXONOMY_TEXT.unchanged(before.name), done: "unchanged" };
    }
    // Moved to another language: it goes last there.
    const moved = after.languageId !== before.languageId;
    const sortOrder = moved
      ? ((await tx.select({ max: sql<number | null>`max(${categories.sortOrder})` }).from(categories).where(eq(categories.languageId, after.languageId)))[0]?.max ?? 0) + SORT_STEP
      : before.sortOrder;
    await tx.update(categories).set({ ...after, sortOrder }).where(eq(categories.id, id));
    await recordAudit(tx, {
      actorUserId,
      action: "category.updated",
      entityType: "category",
      entityId: String(id),
      details: { before: { name: before.name, slug: before.slug, languageId: before.languageId }, after },
    });
    return { ok: true, id, message: TAXONOMY_TEXT.saved(after.name), done: "saved" };
  });
}

const tableOf = (kind: TaxonomyKind): Table => (kind === "language" ? languages : categories);

/** Shows or hides a language or category (its products follow, see visibility.server.ts). */
export async function setTaxonomyVisibility(db: Db, actorUserId: string, kind: TaxonomyKind, id: number, visible: boolean): Promise<TaxonomyResult> {
  const table = tableOf(kind);
  return announcedTransaction(db, async (tx) => {
    const [row] = await tx.select({ name: table.name, isVisible: table.isVisible }).from(table).where(eq(table.id, id)).for("update");
    if (!row) return { ok: false, message: TAXONOMY_TEXT.notFound, notFound: true };
    if (row.isVisible === visible) return { ok: true, id, message: TAXONOMY_TEXT.unchanged(row.name), done: "unchanged" };
    await tx.update(table).set({ isVisible: visible }).where(eq(table.id, id));
    await recordAudit(tx, {
      actorUserId,
      action: `${kind}.${visible ? "shown" : "hidden"}`,
      entityType: kind,
      entityId: String(id),
      details: { before: { isVisible: row.isVisible }, after: { isVisible: visible } },
    });
    return { ok: true, id, message: visible ? TAXONOMY_TEXT.shown(row.name) : TAXONOMY_TEXT.hidden(row.name), done: visible ? "shown" : "hidden" };
  });
}

/**
 * Moves a language (among all languages) or a category (among its language's) one place up or
 * down. The list is locked and renumbered 10, 20, 30 … so equal or gapped sort orders from older
 * data still move one place at a time.
 */
export async function moveTaxonomy(db: Db, actorUserId: string, kind: TaxonomyKind, id: number, direction: "up" | "down"): Promise<TaxonomyResult> {
  return announcedTransaction(db, async (tx) => {
    let siblings: { id: number; name: string; sortOrder: number }[];
    if (kind === "language") {
      siblings = await tx
        .select({ id: languages.id, name: languages.name, sortOrder: languages.sortOrder })
        .from(languages)
        .orderBy(asc(languages.sortOrder), asc(languages.name), asc(languages.id))
        .for("update");
    } else {
      const [own] = await tx.select({ languageId: categories.languageId }).from(categories).where(eq(categories.id, id));
      if (!own) return { ok: false, message: TAXONOMY_TEXT.notFound, notFound: true };
      siblings = await tx
        .select({ id: categories.id, name: categories.name, sortOrder: categories.sortOrder })
        .from(categories)
        .where(eq(categories.languageId, own.languageId))
        .orderBy(asc(categories.sortOrder), asc(categories.name), asc(categories.id))
        .for("update");
    }
    const index = siblings.findIndex((s) => s.id === id);
    if (index < 0) return { ok: false, message: TAXONOMY_TEXT.notFound, notFound: true };
    const target = direction === "up" ? index - 1 : index + 1;
    const moving = siblings[index]!;
    if (target < 0 || target >= siblings.length) return { ok: true, id, message: TAXONOMY_TEXT.cannotMove(moving.name), done: "cannotMove" };
    const order = siblings.slice();
    [order[index], order[target]] = [order[target]!, order[index]!];
    const table = tableOf(kind);
    for (const [position, sibling] of order.entries()) {
      const sortOrder = (position + 1) * SORT_STEP;
      if (sibling.sortOrder !== sortOrder) await tx.update(table).set({ sortOrder }).where(eq(table.id, sibling.id));
    }
    await recordAudit(tx, {
      actorUserId,
      action: `${kind}.moved`,
      entityType: kind,
      entityId: String(id),
      details: { before: { position: index + 1 }, after: { position: target + 1 } },
    });
    return { ok: true, id, message: TAXONOMY_TEXT.moved(moving.name), done: "moved" };
  });
}

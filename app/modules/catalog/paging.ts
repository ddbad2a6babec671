import { z } from "zod";

/** Product tiles per page on language, category and search pages. */
export const CATALOGUE_PAGE_SIZE = 48;

/**
 * Up to this many search matches are ranked; beyond it a query is "broad" and is served in name
 * order straight from the name index, because ranking tens of thousands of rows per keystroke
 * costs more than it helps (docs/decisions/0008-search-ranking.md).
 */
export const SEARCH_RANK_LIMIT = 1000;

/** Longer search queries are cut, not refused: a pasted paragraph still searches its start. */
export const MAX_SEARCH_QUERY_LENGTH = 200;

/**
 * `?page=` of a catalogue list: a missing, malformed or absurd value means the first page.
 * The schema is built on the first call, not at import: the pages' browser code imports this
 * module for `pageTitle` and `withPageNumber`, and a module-level schema would keep zod (25 kB
 * gzip) in their first-load JavaScript (docs/decisions/0051-first-load-budget.md).
 */
const buildPageSchema = () => z.coerce.number().int().min(1).max(100_000).catch(1);
let pageSchema: ReturnType<typeof buildPageSchema> | undefined;

export function parsePage(url: URL): number {
  pageSchema ??= buildPageSchema();
  return pageSchema.parse(url.searchParams.get("page") ?? undefined);
}

/**
 * Later pages of a list are pages of their own for search engines: their canonical URL and
 * og:url carry `?page=N` (pageMeta builds both from the path alone). Titles are numbered by the
 * route (`pageTitle`).
 */
export function withPageNumber<Tag extends object>(tags: Tag[], page: number): Tag[] {
  if (page <= 1) return tags;
  return tags.map((tag) => {
    const fields = tag as Record<string, unknown>;
    if (fields.tagName === "link" && fields.rel === "canonical") return { ...tag, href: `${String(fields.href)}?page=${page}` };
    if (fields.property === "og:url") return { ...tag, content: `${String(fields.content)}?page=${page}` };
    return tag;
  });
}

/** "English Singles", or "English Singles – page 2" on later pages, so every title is unique. */
export function pageTitle(title: string, page: number): string {
  return page > 1 ? `${title} – page ${page}` : title;
}

/**
 * The products CSV export (issue 14; format in product-csv.ts, docs/products-csv.md): every
 * variant of every product the admin list's filters match, one row each, streamed in batches of
 * products (keyset paging on the id) so 100,000 rows never sit in memory. Product order is the
 * id (creation) order; a product's variants are in the order a customer compares them
 * (compareVariants), so a file and its re-export line up.
 *
 * Reads products, categories, languages, cards and card_sets (the card's set code and number).
 */
import { stringify } from "csv-stringify/sync";
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import { SHOP_TIME_ZONE } from "~/config/constants";
import type { Db } from "~/db/client.server";
import { cards, cardSets, categories, languages, products, productVariants } from "~/db/schema";
import { processLog } from "~/utils/log.server";
import type { AdminProductFilters } from "./admin-product-filters";
import { productFilterWhere } from "./admin-product-query.server";
import { cardReference, CSV_BOM, PRODUCT_CSV_COLUMNS, productCsvRecord, type CsvProduct, type CsvVariant } from "./product-csv";
import { compareVariants } from "./variants";

/** Products per query: a few thousand rows of CSV per chunk. */
export const EXPORT_BATCH_PRODUCTS = 1_000;

/** Rows are written with CRLF (RFC 4180, what Excel writes); cells quoted only when they need it. */
const STRINGIFY_OPTIONS = { record_delimiter: "windows" } as const;

interface ProductBatchRow extends CsvProduct {
  id: number;
}

async function productBatch(db: Db, filters: AdminProductFilters, afterId: number, limit: number): Promise<ProductBatchRow[]> {
  const rows = await db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      kind: products.kind,
      setCode: cardSets.code,
      localNumber: cards.localNumber,
      categorySlug: categories.slug,
      languageCode: languages.code,
      isVisible: products.isVisible,
      releaseDate: products.releaseDate,
      description: products.description,
      limitPerCustomer: products.limitPerCustomer,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(languages, eq(languages.id, categories.languageId))
    .leftJoin(cards, eq(cards.id, products.cardId))
    .leftJoin(cardSets, eq(cardSets.id, cards.setId))
    .where(and(productFilterWhere(filters), gt(products.id, afterId)))
    .orderBy(asc(products.id))
    .limit(limit);
  return rows.map(({ setCode, localNumber, ...row }) => ({ ...row, card: setCode !== null && localNumber !== null ? cardReference(setCode, localNumber) : null }));
}

async function variantsOf(db: Db, productIds: number[]): Promise<Map<number, CsvVariant[]>> {
  const rows = await db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      condition: productVariants.condition,
      printing: productVariants.printing,
      language: productVariants.language,
      grader: productVariants.grader,
      grade: productVariants.grade,
      price: productVariants.price,
      premiumPrice: productVariants.premiumPrice,
      stock: productVariants.stock,
      limitPerCustomer: productVariants.limitPerCustomer,
      pricePinned: productVariants.pricePinned,
    })
    .from(productVariants)
    .where(inArray(productVariants.productId, productIds));
  rows.sort((a, b) => compareVariants(a, b) || a.id - b.id);
  const byProduct = new Map<number, CsvVariant[]>();
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push(row);
    byProduct.set(row.productId, list);
  }
  return byProduct;
}

/**
 * The CSV text, chunk by chunk: the byte order mark and header first, then one chunk per batch
 * of products. Stop iterating (the client went away) and no further query runs.
 */
export async function* productCsvChunks(db: Db, filters: AdminProductFilters, batchSize = EXPORT_BATCH_PRODUCTS): AsyncGenerator<string> {
  yield CSV_BOM + stringify([[...PRODUCT_CSV_COLUMNS]], STRINGIFY_OPTIONS);
  let afterId = 0;
  for (;;) {
    const batch = await productBatch(db, filters, afterId, batchSize);
    if (batch.length === 0) return;
    const variants = await variantsOf(db, batch.map((p) => p.id));
    const records: string[][] = [];
    for (const product of batch) {
      for (const variant of variants.get(product.id) ?? []) records.push(productCsvRecord(product, variant));
    }
    if (records.length > 0) yield stringify(records, STRINGIFY_OPTIONS);
    afterId = batch[batch.length - 1]!.id;
    if (batch.length < batchSize) return;
  }
}

/** The whole export as one string (tests, small shops); the route streams `productCsvChunks`. */
export async function exportProductsCsv(db: Db, filters: AdminProductFilters, batchSize?: number): Promise<string> {
  let text = "";
  for await (const chunk of productCsvChunks(db, filters, batchSize)) text += chunk;
  return text;
}

/** The file's name for today (UK date): "nearmint-products-2026-11-24.csv". */
export function exportFileName(now: Date): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: SHOP_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  return `nearmint-products-${day}.csv`;
}

/** A web stream of the export's bytes, for a Response body; cancelling it stops the queries. */
export function productCsvStream(db: Db, filters: AdminProductFilters): ReadableStream<Uint8Array> {
  const chunks = productCsvChunks(db, filters);
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        processLog().error({ err: error }, "catalog: the product CSV export failed mid-stream");
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

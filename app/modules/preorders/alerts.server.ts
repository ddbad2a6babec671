import { randomBytes, randomInt } from "node:crypto";
import { and, asc, count, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { preorders, productVariants, products, stockAlertBatches, stockAlerts, users } from "~/db/schema";
import { productShown } from "~/modules/catalog/visibility.server";
import { dropsOfProducts } from "~/modules/drops/rights.server";
import { enqueueAlertEmail, type PreorderEmailBranding } from "./emails.server";
import { ALERT_LIMITS, ALERT_TEXT } from "./alert-rules";

type Executor = Db | Tx;

/**
 * Whether the product is sold through a drop (one not called off): only admitted buyers or winners
 * may buy it, so availability alerts are neither taken nor sent for it (decision 0050).
 */
async function soldThroughDrop(db: Executor, productId: number): Promise<boolean> {
  return (await dropsOfProducts(db, [productId])).has(productId);
}

/**
 * Whether a customer can buy the product now: it is shown, not sold through a drop, and one of its
 * variants has stock and is not on an open pre-order. Alerts are sent only once this is true.
 * Reads `products`, `product_variants` (a reporting read, listed in docs/development.md).
 */
export async function productAvailable(db: Executor, productId: number): Promise<boolean> {
  if (await soldThroughDrop(db, productId)) return false;
  const [row] = await db
    .select({ ok: sql<boolean>`true` })
    .from(products)
    .where(
      and(
        eq(products.id, productId),
        productShown,
        sql`EXISTS (SELECT 1 FROM ${productVariants} v WHERE v.product_id = ${products.id} AND v.stock > 0
                    AND NOT EXISTS (SELECT 1 FROM ${preorders} p WHERE p.variant_id = v.id AND p.released_at IS NULL))`,
      ),
    );
  return Boolean(row);
}

/**
 * Why a subscription was refused, as the product page's `?alert=` answer (AlertSignup). `slug` is
 * the product's own (looked up here, never taken from the form), for the redirect back to it.
 */
export type AlertResult =
  | { ok: true; changed: boolean; slug: string }
  | { ok: false; status: 404; message: string }
  | { ok: false; status: 403 | 409 | 429; answer: AlertRefusal; message: string; slug: string };
export type AlertRefusal = "verify" | "available" | "drop" | "too-many";

/** The slug of a shown product, or null when there is none to ask about. */
export async function alertProductSlug(db: Db, productId: number): Promise<string | null> {
  const [product] = await db.select({ slug: products.slug }).from(products).where(and(eq(products.id, productId), productShown));
  return product?.slug ?? null;
}

/**
 * A signed-in customer with a verified email asks to be emailed when the product is available
 * (their own verified address: no double opt-in needed, decision 0050). Only while it is not
 * available and not sold through a drop; one waiting alert per customer and product; at most
 * ALERT_LIMITS.perCustomer waiting.
 */
export async function subscribeAlert(db: Db, user: { id: string; emailVerified: boolean }, productId: number): Promise<AlertResult> {
  const slug = await alertProductSlug(db, productId);
  if (slug === null) return { ok: false, status: 404, message: ALERT_TEXT.notFound };
  if (!user.emailVerified) return { ok: false, status: 403, answer: "verify", message: ALERT_TEXT.verifyFirst, slug };
  if (await soldThroughDrop(db, productId)) return { ok: false, status: 409, answer: "drop", message: ALERT_TEXT.drop, slug };
  if (await productAvailable(db, productId)) return { ok: false, status: 409, answer: "available", message: ALERT_TEXT.availableNow, slug };
  const [waiting] = await db.select({ n: count() }).from(stockAlerts).where(and(eq(stockAlerts.userId, user.id), eq(stockAlerts.status, "waiting")));
  if ((waiting?.n ?? 0) >= ALERT_LIMITS.perCustomer) return { ok: false, status: 429, answer: "too-many", message: ALERT_TEXT.tooMany, slug };
  const rows = await db
    .insert(stockAlerts)
    .values({ userId: user.id, productId, token: randomBytes(24).toString("base64url") })
    .onConflictDoNothing()
    .returning({ id: stockAlerts.id });
  return { ok: true, changed: rows.length > 0, slug };
}

/** The signed-in customer stops their waiting alert for the product. */
export async function cancelAlert(db: Db, userId: string, productId: number): Promise<AlertResult> {
  const slug = await alertProductSlug(db, productId);
  if (slug === null) return { ok: false, status: 404, message: ALERT_TEXT.notFound };
  const rows = await db
    .update(stockAlerts)
    .set({ status: "cancelled" })
    .where(and(eq(stockAlerts.userId, userId), eq(stockAlerts.productId, productId), eq(stockAlerts.status, "waiting")))
    .returning({ id: stockAlerts.id });
  return { ok: true, changed: rows.length > 0, slug };
}

/** Whether the customer waits for the product. */
export async function hasWaitingAlert(db: Db, userId: string, productId: number): Promise<boolean> {
  const [row] = await db.select({ id: stockAlerts.id }).from(stockAlerts).where(and(eq(stockAlerts.userId, userId), eq(stockAlerts.productId, productId), eq(stockAlerts.status, "waiting")));
  return Boolean(row);
}

/** The unsubscribe link's alert (by its token): which product, and whether the customer still has waiting alerts. */
export async function alertByToken(db: Db, token: string): Promise<{ productName: string; waiting: number } | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const [alert] = await db
    .select({ userId: stockAlerts.userId, productName: products.name })
    .from(stockAlerts)
    .innerJoin(products, eq(products.id, stockAlerts.productId))
    .where(eq(stockAlerts.token, token));
  if (!alert) return null;
  const [waiting] = await db.select({ n: count() }).from(stockAlerts).where(and(eq(stockAlerts.userId, alert.userId), eq(stockAlerts.status, "waiting")));
  return { productName: alert.productName, waiting: Number(waiting?.n ?? 0) };
}

/** The unsubscribe link: every waiting alert of its customer stops. The link is the key (no sign-in). */
export async function unsubscribeByToken(db: Db, token: string): Promise<{ ok: true; cancelled: number } | { ok: false }> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return { ok: false };
  const [alert] = await db.select({ userId: stockAlerts.userId }).from(stockAlerts).where(eq(stockAlerts.token, token));
  if (!alert) return { ok: false };
  const rows = await db
    .update(stockAlerts)
    .set({ status: "cancelled" })
    .where(and(eq(stockAlerts.userId, alert.userId), eq(stockAlerts.status, "waiting")))
    .returning({ id: stockAlerts.id });
  return { ok: true, cancelled: rows.length };
}

/** A uniformly random order of `ids` (Fisher–Yates on the crypto generator). */
export function shuffled<T>(ids: readonly T[], pick: (max: number) => number = randomInt): T[] {
  const out = [...ids];
  for (let i = out.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export interface AlertRunOptions {
  now?: Date;
  /** Most alert emails queued in any 60 seconds, over all batches and instances. */
  perMinute?: number;
  brand?: PreorderEmailBranding;
  random?: (max: number) => number;
}

/**
 * The alerts job (server/jobs.ts): stops batches whose product is unavailable again (their unsent
 * alerts wait for the next time), starts a batch for each product that became available (its
 * waiting subscribers in a random order, recorded on the batch), then queues at most `perMinute`
 * emails in any minute, in batch order, each alert once. Serialised by an advisory lock so two
 * instances cannot both spend the same minute's budget.
 */
export async function runStockAlerts(db: Db, options: AlertRunOptions = {}) {
  const now = options.now ?? new Date();
  const perMinute = options.perMinute ?? ALERT_LIMITS.emailsPerMinute;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('nearmint:stock-alerts'))`);
    let stopped = 0;
    let started = 0;
    let sent = 0;

    const sending = await tx.select().from(stockAlertBatches).where(eq(stockAlertBatches.status, "sending")).orderBy(asc(stockAlertBatches.startedAt), asc(stockAlertBatches.id));
    const live: (typeof sending)[number][] = [];
    for (const batch of sending) {
      if (!(await productAvailable(tx, batch.productId))) {
        // Stale: sold out (or hidden, or back on pre-order) before everyone was told.
        await tx.update(stockAlertBatches).set({ status: "stopped", endedAt: now }).where(eq(stockAlertBatches.id, batch.id));
        await tx.update(stockAlerts).set({ batchId: null }).where(and(eq(stockAlerts.batchId, batch.id), eq(stockAlerts.status, "waiting")));
        stopped++;
      } else live.push(batch);
    }

    const waitingProducts = await tx
      .selectDistinct({ productId: stockAlerts.productId })
      .from(stockAlerts)
      .where(and(eq(stockAlerts.status, "waiting"), isNull(stockAlerts.batchId)));
    for (const { productId } of waitingProducts) {
      if (live.some((b) => b.productId === productId)) continue;
      if (!(await productAvailable(tx, productId))) continue;
      const waiting = await tx.select({ id: stockAlerts.id }).from(stockAlerts).where(and(eq(stockAlerts.productId, productId), eq(stockAlerts.status, "waiting"), isNull(stockAlerts.batchId))).orderBy(asc(stockAlerts.id));
      const order = shuffled(waiting.map((w) => w.id), options.random);
      const [batch] = await tx.insert(stockAlertBatches).values({ productId, alertIds: order, startedAt: now }).returning();
      await tx.update(stockAlerts).set({ batchId: batch!.id }).where(inArray(stockAlerts.id, order));
      live.push(batch!);
      started++;
    }

    const [recent] = await tx.select({ n: count() }).from(stockAlerts).where(gt(stockAlerts.sentAt, new Date(now.getTime() - 60_000)));
    let budget = perMinute - Number(recent?.n ?? 0);
    for (const batch of live) {
      if (budget <= 0) break;
      const next = await tx
        .select({ id: stockAlerts.id, token: stockAlerts.token, email: users.email, productName: products.name, productSlug: products.slug, releaseDate: products.releaseDate })
        .from(stockAlerts)
        .innerJoin(users, eq(users.id, stockAlerts.userId))
        .innerJoin(products, eq(products.id, stockAlerts.productId))
        .where(and(eq(stockAlerts.batchId, batch.id), eq(stockAlerts.status, "waiting")))
        .orderBy(sql`array_position(${sql.param(batch.alertIds)}::int[], ${stockAlerts.id})`)
        .limit(budget);
      for (const alert of next) {
        const [marked] = await tx
          .update(stockAlerts)
          .set({ status: "sent", sentAt: now })
          .where(and(eq(stockAlerts.id, alert.id), eq(stockAlerts.status, "waiting")))
          .returning({ id: stockAlerts.id });
        if (!marked) continue;
        await enqueueAlertEmail(tx, alert, options.brand);
        sent++;
        budget--;
      }
      const [left] = await tx.select({ n: count() }).from(stockAlerts).where(and(eq(stockAlerts.batchId, batch.id), eq(stockAlerts.status, "waiting")));
      if (Number(left?.n ?? 0) === 0) await tx.update(stockAlertBatches).set({ status: "done", endedAt: now }).where(eq(stockAlertBatches.id, batch.id));
    }
    return { stopped, started, sent };
  });
}

/** An erased account's alerts go (the account keeps no address to tell). */
export async function deleteAlertsOf(tx: Db | Tx, userId: string): Promise<number> {
  const rows = await tx.delete(stockAlerts).where(eq(stockAlerts.userId, userId)).returning({ id: stockAlerts.id });
  return rows.length;
}

/** The customer's availability alerts, for their data download. */
export async function alertsData(db: Db, userId: string) {
  return db
    .select({ product: products.name, status: stockAlerts.status, askedAt: stockAlerts.createdAt, sentAt: stockAlerts.sentAt })
    .from(stockAlerts)
    .innerJoin(products, eq(products.id, stockAlerts.productId))
    .where(eq(stockAlerts.userId, userId))
    .orderBy(asc(stockAlerts.id));
}

/**
 * Coupon management for the back office (/admin/coupons): list with usage, create, edit,
 * deactivate and reactivate. Every write locks the coupon row, writes it and its categories,
 * and records the change in the audit log (before/after) in one transaction; checkout reads a
 * coupon under a lock on the same row (`findRedeemableCoupon`), so it sees an edit whole or not
 * at all.
 *
 * Reads other modules' tables on purpose (docs/development.md, reporting queries): `orders` for
 * usage, counted as checkout counts redemptions (the purchase limit's counted statuses,
 * decision 0018), and `categories`/`languages` for the category picker.
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { categories, couponCategories, coupons, languages, orders } from "~/db/schema";
import { recordAudit } from "~/modules/audit/audit-log.server";
import { LIMIT_COUNTED_ORDER_STATUSES } from "~/modules/orders/purchase-limit";
import {
  COUPON_TEXT,
  type AdminCoupon,
  type CategoryOption,
  type CouponFieldErrors,
  type CouponInput,
  type CouponOrder,
  type CouponUsage,
} from "./coupon-form";
import { normaliseCouponCode } from "./pricing";

/** Statuses of an order that was paid (and not refunded or cancelled): its discount was given. */
const PAID_STATUSES = ["completed", "dispatched"] as const;
/** The list shows this many coupons at most, newest first (a shop has a handful at a time). */
export const COUPON_LIST_LIMIT = 500;

const couponColumns = {
  code: coupons.code,
  percentOff: coupons.percentOff,
  amountOff: coupons.amountOff,
  active: coupons.active,
  validFrom: coupons.validFrom,
  validUntil: coupons.validUntil,
  minSpend: coupons.minSpend,
  maxRedemptions: coupons.maxRedemptions,
  maxRedemptionsPerCustomer: coupons.maxRedemptionsPerCustomer,
  note: coupons.note,
  createdAt: coupons.createdAt,
};
type CouponRow = { [K in keyof typeof couponColumns]: (typeof coupons.$inferSelect)[K] };

const NO_USAGE: CouponUsage = { redemptions: 0, pending: 0, customers: 0, discountGiven: 0 };

/** Usage of these codes, in one query over the orders carrying them. */
async function usageOf(db: Db | Tx, codes: string[]): Promise<Map<string, CouponUsage>> {
  if (codes.length === 0) return new Map();
  const counted = sql`${orders.status} IN (${sql.join(LIMIT_COUNTED_ORDER_STATUSES.map((s) => sql`${s}`), sql`, `)})`;
  const paid = sql`${orders.status} IN (${sql.join(PAID_STATUSES.map((s) => sql`${s}`), sql`, `)})`;
  const rows = await db
    .select({
      code: orders.couponCode,
      redemptions: sql<number>`count(*) FILTER (WHERE ${counted})::int`,
      pending: sql<number>`count(*) FILTER (WHERE ${orders.status} = 'pending')::int`,
      customers: sql<number>`count(DISTINCT ${orders.userId}) FILTER (WHERE ${counted})::int`,
      discountGiven: sql<number>`coalesce(sum(${orders.discountAmount}) FILTER (WHERE ${paid}), 0)::int`,
    })
    .from(orders)
    .where(inArray(orders.couponCode, codes))
    .groupBy(orders.couponCode);
  return new Map(
    rows.map((r) => [
      r.code!,
      { redemptions: Number(r.redemptions), pending: Number(r.pending), customers: Number(r.customers), discountGiven: Number(r.discountGiven) },
    ]),
  );
}

async function categoriesOf(db: Db | Tx, codes: string[]): Promise<Map<string, number[]>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ code: couponCategories.couponCode, id: couponCategories.categoryId })
    .from(couponCategories)
    .where(inArray(couponCategories.couponCode, codes))
    .orderBy(asc(couponCategories.categoryId));
  const byCode = new Map<string, number[]>();
  for (const r of rows) byCode.set(r.code, [...(byCode.get(r.code) ?? []), r.id]);
  return byCode;
}

async function withDetails(db: Db | Tx, rows: CouponRow[]): Promise<AdminCoupon[]> {
  const codes = rows.map((r) => r.code);
  const [usage, cats] = await Promise.all([usageOf(db, codes), categoriesOf(db, codes)]);
  return rows.map((r) => ({ ...r, categoryIds: cats.get(r.code) ?? [], usage: usage.get(r.code) ?? NO_USAGE }));
}

/** Every coupon (newest first, up to COUPON_LIST_LIMIT) with its categories and usage. */
export async function listCoupons(db: Db): Promise<AdminCoupon[]> {
  const rows = await db.select(couponColumns).from(coupons).orderBy(desc(coupons.createdAt), asc(coupons.code)).limit(COUPON_LIST_LIMIT);
  return withDetails(db, rows);
}

/** The coupon a URL names (matched as checkout matches codes), or null. */
export async function findCoupon(db: Db, typed: string): Promise<AdminCoupon | null> {
  const code = normaliseCouponCode(typed);
  if (!code || code.length > 64) return null;
  const rows = await db.select(couponColumns).from(coupons).where(sql`upper(${coupons.code}) = ${code}`).limit(1);
  const [coupon] = await withDetails(db, rows);
  return coupon ?? null;
}

/** The latest orders that used a code (any status), for its page. */
export async function couponOrders(db: Db, code: string, limit = 50): Promise<CouponOrder[]> {
  return db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      status: orders.status,
      email: orders.email,
      discountAmount: orders.discountAmount,
      totalAmount: orders.totalAmount,
    })
    .from(orders)
    .where(eq(orders.couponCode, code))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/** Every category, by language then the shop's order, for the "restricted to" choice. */
export async function categoryOptions(db: Db): Promise<CategoryOption[]> {
  return db
    .select({ id: categories.id, name: categories.name, languageName: languages.name })
    .from(categories)
    .innerJoin(languages, eq(languages.id, categories.languageId))
    .orderBy(asc(languages.sortOrder), asc(languages.name), asc(categories.sortOrder), asc(categories.name));
}

export type CouponWriteResult =
  | { ok: true; code: string; changed: boolean }
  | { ok: false; status: 404 | 409 | 400; message: string; errors: CouponFieldErrors };

/** The stored fields of an input (the columns both create and edit write). */
function columnsOf(input: CouponInput) {
  return {
    percentOff: input.percentOff,
    amountOff: input.amountOff,
    validFrom: input.validFrom,
    validUntil: input.validUntil,
    minSpend: input.minSpend,
    maxRedemptions: input.maxRedemptions,
    maxRedemptionsPerCustomer: input.maxRedemptionsPerCustomer,
    note: input.note,
  };
}

/** A coupon's state as the audit log keeps it: dates as ISO strings, money in pence. */
function auditShape(c: ReturnType<typeof columnsOf> & { categoryIds: number[]; active?: boolean }) {
  return {
    ...c,
    validFrom: c.validFrom?.toISOString() ?? null,
    validUntil: c.validUntil?.toISOString() ?? null,
  };
}

/** Whether every category id exists (one may have been deleted while the form was open). */
async function categoriesExist(tx: Tx, ids: number[]): Promise<boolean> {
  if (ids.length === 0) return true;
  const rows = await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
  return rows.length === new Set(ids).size;
}

const categoriesGone = (): CouponWriteResult => ({ ok: false, status: 400, message: COUPON_TEXT.fix, errors: { categoryIds: COUPON_TEXT.categories } });

/**
 * Creates a coupon. The code must be new, matched without case as checkout matches it; two
 * admins creating one code at once get one coupon and one "already exists" (the primary key,
 * codes being stored upper-case).
 */
export async function createCoupon(db: Db, adminId: string, input: CouponInput): Promise<CouponWriteResult> {
  return db.transaction(async (tx) => {
    const [clash] = await tx.select({ code: coupons.code }).from(coupons).where(sql`upper(${coupons.code}) = ${input.code}`).limit(1);
    const taken = (): CouponWriteResult => ({ ok: false, status: 409, message: COUPON_TEXT.fix, errors: { code: COUPON_TEXT.codeTaken(input.code) } });
    if (clash) return taken();
    if (!(await categoriesExist(tx, input.categoryIds))) return categoriesGone();
    const inserted = await tx
      .insert(coupons)
      .values({ code: input.code, active: true, ...columnsOf(input) })
      .onConflictDoNothing()
      .returning({ code: coupons.code });
    if (inserted.length === 0) return taken();
    if (input.categoryIds.length > 0) {
      await tx.insert(couponCategories).values(input.categoryIds.map((categoryId) => ({ couponCode: input.code, categoryId })));
    }
    await recordAudit(tx, {
      actorUserId: adminId,
      action: "coupon.created",
      entityType: "coupon",
      entityId: input.code,
      details: { after: auditShape({ ...columnsOf(input), categoryIds: input.categoryIds, active: true }) },
    });
    return { ok: true, code: input.code, changed: true };
  });
}

function sameInstant(a: Date | null, b: Date | null): boolean {
  return (a?.getTime() ?? null) === (b?.getTime() ?? null);
}

/** Saves an edit of an existing coupon (its code stays: orders refer to it). Audited with before and after. */
export async function updateCoupon(db: Db, adminId: string, typedCode: string, input: CouponInput): Promise<CouponWriteResult> {
  const code = normaliseCouponCode(typedCode);
  if (!code) return { ok: false, status: 404, message: COUPON_TEXT.notFound, errors: {} };
  return db.transaction(async (tx) => {
    const [row] = await tx.select(couponColumns).from(coupons).where(sql`upper(${coupons.code}) = ${code}`).for("update");
    if (!row) return { ok: false, status: 404, message: COUPON_TEXT.notFound, errors: {} };
    if (!(await categoriesExist(tx, input.categoryIds))) return categoriesGone();
    const beforeCategories = (await categoriesOf(tx, [row.code])).get(row.code) ?? [];
    const after = columnsOf(input);
    const before = columnsOf({ ...row, code: row.code, categoryIds: beforeCategories });
    const unchanged =
      before.percentOff === after.percentOff &&
      before.amountOff === after.amountOff &&
      sameInstant(before.validFrom, after.validFrom) &&
      sameInstant(before.validUntil, after.validUntil) &&
      before.minSpend === after.minSpend &&
      before.maxRedemptions === after.maxRedemptions &&
      before.maxRedemptionsPerCustomer === after.maxRedemptionsPerCustomer &&
      before.note === after.note &&
      beforeCategories.join(",") === input.categoryIds.join(",");
    if (unchanged) return { ok: true, code: row.code, changed: false };
    await tx.update(coupons).set(after).where(eq(coupons.code, row.code));
    await tx.delete(couponCategories).where(eq(couponCategories.couponCode, row.code));
    if (input.categoryIds.length > 0) {
      await tx.insert(couponCategories).values(input.categoryIds.map((categoryId) => ({ couponCode: row.code, categoryId })));
    }
    await recordAudit(tx, {
      actorUserId: adminId,
      action: "coupon.updated",
      entityType: "coupon",
      entityId: row.code,
      details: { before: auditShape({ ...before, categoryIds: beforeCategories }), after: auditShape({ ...after, categoryIds: input.categoryIds }) },
    });
    return { ok: true, code: row.code, changed: true };
  });
}

export type CouponActiveResult = { status: "changed" | "unchanged"; code: string } | { status: "not_found" };

/**
 * Deactivates (checkout no longer accepts the code) or reactivates a coupon. Orders that used
 * it keep their discount; a late payment of one is still checked against its limits.
 */
export async function setCouponActive(db: Db, adminId: string, typedCode: string, active: boolean): Promise<CouponActiveResult> {
  const code = normaliseCouponCode(typedCode);
  if (!code) return { status: "not_found" };
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ code: coupons.code, active: coupons.active }).from(coupons).where(sql`upper(${coupons.code}) = ${code}`).for("update");
    if (!row) return { status: "not_found" as const };
    if (row.active === active) return { status: "unchanged" as const, code: row.code };
    await tx.update(coupons).set({ active }).where(and(eq(coupons.code, row.code), eq(coupons.active, !active)));
    await recordAudit(tx, {
      actorUserId: adminId,
      action: active ? "coupon.activated" : "coupon.deactivated",
      entityType: "coupon",
      entityId: row.code,
      details: { before: { active: row.active }, after: { active } },
    });
    return { status: "changed" as const, code: row.code };
  });
}

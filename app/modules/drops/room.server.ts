/**
 * The drop's own page (`/drops/:id`) and its status answer: personal, never cached (decision
 * 0047). What the drop is, where this account stands, and joining it, which always takes a
 * solved proof-of-work check (bot friction) and is counted per client address.
 */
import { eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { drops, products } from "~/db/schema";
import type { DropEntryChallenges } from "~/modules/accounts/challenge.server";
import { consumeRateLimit, rateLimitKey } from "~/modules/accounts/rate-limit.server";
import { clientNetwork } from "~/utils/client-network";
import type { RateLimitRule } from "~/modules/accounts/policy";
import { effectiveLimit } from "~/modules/catalog/product-page";
import { productBySlug } from "~/modules/catalog/queries.server";
import { variantLabel } from "~/modules/catalog/variants";
import { productShownAs } from "~/modules/catalog/visibility.server";
import type { DropView } from "./drop-view";
import type { RoomVariant } from "./room-state";
import { joinDrop, joinRefusalMessage } from "./entries.server";
import { unitsHeldByPerson } from "./person-limits.server";
import { orderQueueIfDue } from "./queue.server";
import { dropViewFor, dropViewOf } from "./view.server";

/** Join attempts from one client address: generous for a household, a wall for a script. */
export const JOIN_ATTEMPTS_PER_ADDRESS: RateLimitRule = { limit: 20, windowMs: 10 * 60_000 };

export const ROOM_TEXT = {
  challengeMissing: "Please wait for the check to finish, then press the button again.",
  challengeExpired: "The check ran out of time. It has started again: press the button once it has finished.",
  challengeInvalid: "The check did not pass. It has started again: press the button once it has finished.",
  tooMany: "Too many attempts to join from your connection. Please wait a few minutes and try again.",
  joinedQueue: "You are in the waiting room.",
  joinedDraw: "You are entered in the draw.",
  noDrop: "There is no such drop.",
} as const;


export interface DropRoom {
  view: DropView;
  product: { id: number; name: string; slug: string; description: string | null };
  variants: RoomVariant[];
  /** Nothing left to sell (every variant's stock is 0). */
  soldOut: boolean;
  /** Units this account holds in orders of the drop (paid or awaiting payment). */
  bought: number;
}

async function dropRow(db: Db, dropId: number) {
  const [drop] = await db.select().from(drops).where(eq(drops.id, dropId));
  return drop ?? null;
}

/**
 * The page's data: null when there is no such drop, its product is hidden, or it was called off
 * (the product then sells as usual: the page sends people to it).
 */
export async function dropRoomFor(db: Db, dropId: number, userId: string | null, now = new Date()): Promise<DropRoom | { calledOff: { slug: string; name: string } } | null> {
  const drop = await dropRow(db, dropId);
  if (!drop) return null;
  const [row] = await db.select({ slug: products.slug }).from(products).where(eq(products.id, drop.productId));
  if (!row) return null;
  const product = await productBySlug(db, row.slug);
  if (!product) return null;
  if (drop.cancelledAt) return { calledOff: { slug: product.slug, name: product.name } };
  // A started queue nobody has ordered yet is ordered now: nobody waits on the job.
  await orderQueueIfDue(db, drop, now);
  const view = await dropViewFor(db, product.id, userId, now);
  if (!view) return null;
  const bought = userId ? await unitsHeldByPerson(db, drop.id, userId, [`account:${userId}`]) : 0;
  const variants = product.variants.map((v) => ({
    id: v.id,
    label: variantLabel(v) ?? "Standard",
    price: v.price,
    stock: v.stock,
    limitPerCustomer: Math.max(0, Math.min(drop.unitsPerPerson, effectiveLimit(v, product.limitPerCustomer) ?? drop.unitsPerPerson) - bought),
  }));
  return {
    view,
    product: { id: product.id, name: product.name, slug: product.slug, description: product.description },
    variants,
    soldOut: variants.every((v) => v.stock <= 0),
    bought,
  };
}

/**
 * The status answer the page polls: the personal view, whether anything is left and what this
 * account holds. Kept lean (it is asked by every open page): no product details.
 */
export async function dropStatusFor(db: Db, dropId: number, userId: string | null, now = new Date()): Promise<{ view: DropView; soldOut: boolean; bought: number } | null> {
  // One read for the drop, what is left of its product and how many have entered (decision
  // 0056): every open page asks this, in a herd at the start. Columns named in full: with no
  // join, drizzle leaves its own columns unqualified, and "product_id" would be the variant's.
  const [row] = await db
    .select({
      ...getTableColumns(drops),
      left: sql<number>`(SELECT coalesce(sum(greatest(v.stock, 0)), 0)::int FROM product_variants v WHERE v.product_id = drops.product_id)`,
      shown: sql<boolean>`EXISTS (SELECT 1 FROM product_variants v JOIN products p ON p.id = v.product_id WHERE v.product_id = drops.product_id AND ${productShownAs("p")})`,
      entries: sql<number>`(SELECT count(*)::int FROM drop_entries e WHERE e.drop_id = drops.id)`,
    })
    .from(drops)
    .where(eq(drops.id, dropId));
  if (!row || row.cancelledAt || !row.shown) return null;
  const { left, shown: _shown, entries, ...drop } = row;
  await orderQueueIfDue(db, drop, now);
  const view = await dropViewOf(db, drop, userId, now, entries);
  const bought = userId ? await unitsHeldByPerson(db, drop.id, userId, [`account:${userId}`]) : 0;
  return { view, soldOut: left <= 0, bought };
}

export type EnterResult =
  | { ok: true; message: string }
  | { ok: false; message: string; status: 400 | 404 | 409 | 429; challengeProblem: boolean; retryAfterSeconds?: number };

/**
 * Joins the account to the drop: the address's attempt count first (cheap, before any work),
 * then the proof of work (one solution, one attempt, made for this account and this drop), then
 * the entry rules (entries.server.ts).
 */
export async function enterDrop(
  db: Db,
  input: { dropId: number; userId: string; clientAddress: string | null; challengePayload: string | null; challenges: DropEntryChallenges; now?: Date },
): Promise<EnterResult> {
  const now = input.now ?? new Date();
  // Counted per account on its network (an IPv6 /64 as one): junk posts from one address block
  // only the account sending them, not everyone behind the same carrier NAT.
  const attempts = await consumeRateLimit(db, rateLimitKey("drop-join:address", `${input.userId}|${clientNetwork(input.clientAddress)}`), JOIN_ATTEMPTS_PER_ADDRESS, now);
  if (!attempts.allowed) return { ok: false, message: ROOM_TEXT.tooMany, status: 429, challengeProblem: false, retryAfterSeconds: attempts.retryAfterSeconds };
  const drop = await dropRow(db, input.dropId);
  if (!drop) return { ok: false, message: ROOM_TEXT.noDrop, status: 404, challengeProblem: false };
  // Bound here, not by the page: a solution issued to another account or for another drop is refused.
  const solved = await input.challenges.redeem(input.challengePayload, { dropId: drop.id, userId: input.userId });
  if (!solved.ok) {
    const message = solved.problem === "missing" ? ROOM_TEXT.challengeMissing : solved.problem === "expired" ? ROOM_TEXT.challengeExpired : ROOM_TEXT.challengeInvalid;
    return { ok: false, message, status: 400, challengeProblem: true };
  }
  await orderQueueIfDue(db, drop, now);
  const joined = await joinDrop(db, { dropId: input.dropId, userId: input.userId, clientAddress: input.clientAddress, now });
  if (!joined.ok) return { ok: false, message: joinRefusalMessage(joined.refusal), status: 409, challengeProblem: false };
  return { ok: true, message: drop.mode === "draw" ? ROOM_TEXT.joinedDraw : ROOM_TEXT.joinedQueue };
}

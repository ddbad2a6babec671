import { randomBytes } from "node:crypto";
import { CART_SHIPPING_LABEL } from "~/config/constants";
import type { Db } from "~/db/client.server";
import { lockCustomer } from "~/modules/accounts/customers.server";
import { getProfile } from "~/modules/accounts/users.server";
import { cardPart, creditToApply, STORE_CREDIT_PROVIDER } from "~/modules/credit/credit-rules";
import { creditBalance, moveCredit, returnCreditOfOrders } from "~/modules/credit/ledger.server";
import type { EmailBranding } from "~/modules/orders/emails.server";
import { checkoutLines, checkoutLinesAndPending, type CheckoutLine } from "~/modules/cart/cart.server";
import { factsAsRead, findVariantFacts, lockVariants, variantFactsById } from "~/modules/catalog/inventory.server";
import { checkDropCheckout, lockDropBuyer, recordDropOrder } from "~/modules/drops/checkout-gate.server";
import { isPremium } from "~/modules/membership/premium.server";
import { limitScopeKey } from "~/modules/catalog/variants";
import { exceedsLimit, limitSubject } from "~/modules/orders/purchase-limit";
import { couponRedemptions } from "~/modules/orders/coupon-redemptions.server";
import { heldUnitsByScope } from "~/modules/orders/purchase-limit.server";
import { attachPaymentSession, failPendingOrdersOf, insertPendingOrder, moveOrders } from "~/modules/orders/records.server";
import { CHECKOUT_SESSION_ID_TEMPLATE, type PaymentProvider } from "~/modules/payments/provider";
import { beginCouponAttempt, refundCouponAttempt, type CouponAttempt } from "~/modules/pricing/coupon-attempts.server";
import { findRedeemableCoupon, productCategoryIds, type RedeemableCoupon } from "~/modules/pricing/coupons.server";
import { couponRedemptionProblem, couponUseProblem, lineTotals, normaliseCouponCode, priceOrder } from "~/modules/pricing/pricing";
import { formatPence } from "~/utils/money";
import { loggableMessage, processLog, type LogSource } from "~/utils/log.server";
import { checkoutErrorMessage, couponUseErrorCode, type CheckoutErrorCode } from "./checkout-errors";
import { completeCreditOrder } from "./fulfilment.server";
import { heldVariantIds, releaseHeldReservations, reserveStock } from "./reservations.server";

export interface CheckoutConfig {
  /** PUBLIC_URL: success and cancel URLs are absolute. */
  publicUrl: string;
  /** RESERVATION_MINUTES: how long the stock is held for payment. */
  reservationMinutes: number;
  now?: Date;
  /** For the confirmation email of an order paid entirely with store credit (sent from here). */
  brand?: EmailBranding;
  /**
   * The logger for what goes wrong with the payment provider: the request's (the route passes
   * `context.requestLog`), so the line carries the id the customer's answer carried. Default:
   * the process logger.
   */
  log?: LogSource;
}

export interface CheckoutRequest {
  /** From the session, never from the request body. */
  userId: string;
  /** As typed by the customer; blank means none. */
  couponCode?: string | null;
  /** The client's address: coupon attempts are counted per customer and per address. */
  ipAddress?: string | null;
  /**
   * Store credit to put towards the order: `use` false or absent uses none; `amount` (pence)
   * null uses all the customer has, up to the order total.
   */
  credit?: { use: boolean; amount: number | null };
}

export type CheckoutResult =
  | { ok: true; orderId: number; sessionId: string; url: string }
  | { ok: false; code: CheckoutErrorCode; productName?: string; message: string; retryAfterSeconds?: number };

/** Thrown inside the reserving transaction to roll it back with a reason for the customer. */
class CheckoutRefusal extends Error {
  constructor(
    readonly code: CheckoutErrorCode,
    message: string,
    readonly productName?: string,
  ) {
    super(message);
  }
}

/** What an order needs to be sent: line 1, city, postcode and country (line 2 and county are optional). */
export function hasDeliveryAddress(
  profile: { addressLine1: string | null; city: string | null; postalCode: string | null; country: string | null } | undefined,
): profile is NonNullable<typeof profile> & { addressLine1: string; city: string; postalCode: string; country: string } {
  return Boolean(profile?.addressLine1?.trim() && profile.city?.trim() && profile.postalCode?.trim() && profile.country?.trim());
}

/**
 * An order's cancel token: 128 random bits, base64url (22 characters, URL-safe as it is).
 * The cancel URL is a GET any site can link to with the customer's cookie attached, and order
 * ids are sequential, so only someone who was given the URL (the payment page) can use it.
 */
export function newCancelToken(): string {
  return randomBytes(16).toString("base64url");
}

/** The success URL: the provider fills in its session id, which the success page looks up. */
export function orderSuccessUrl(publicUrl: string): string {
  return `${publicUrl}/order/success?session_id=${CHECKOUT_SESSION_ID_TEMPLATE}`;
}

/** The cancel URL: ends the reservation at once, then shows the cart (see docs/payments.md). */
export function checkoutCancelUrl(publicUrl: string, orderId: number, cancelToken: string): string {
  return `${publicUrl}/checkout/cancel?order=${orderId}&token=${cancelToken}`;
}

/** The payment page's discount line: the coupon, the store credit, or both. */
function discountLabel(couponCode: string | null, credit: number): string | undefined {
  if (couponCode && credit > 0) return `Coupon ${couponCode} and store credit`;
  if (couponCode) return `Coupon ${couponCode}`;
  return credit > 0 ? "Store credit" : undefined;
}

/** A customer's earlier unpaid checkout that a new one replaced (its session is closed after commit). */
interface SupersededOrder {
  id: number;
  sessionId: string | null;
  provider: string;
}

/**
 * The sold-out answer, as `out_of_stock` for the first visible line needing more than the stock
 * read with the cart. In a drop nearly every checkout comes after the stock is gone. Stock only
 * goes down under the variant's lock, so a line needing more than the committed stock at the
 * moment it was read would have been refused by a checkout run then: answering from that read
 * is answering as of that moment, and takes nothing, so it cannot oversell. Callers ask it only
 * when nothing of the customer's is about to be given back (no pending order to replace); a
 * hidden line is left to the full path (refused there as unavailable).
 */
function soldOutRefusal(cart: CheckoutLine[]): CheckoutRefusal | null {
  const short = cart.find((line) => line.isVisible && line.stock < line.quantity);
  return short ? outOfStock(short, short.stock) : null;
}

/**
 * The sold-out answer before any transaction, lock or write (decision 0056): one statement reads
 * the cart, its stock and whether the customer has a pending order, at one moment. The full path
 * costs ten statements to say the same. With a pending order (its units would come back first)
 * or nothing short, the full path decides.
 */
async function soldOutBeforeStarting(db: Db, userId: string): Promise<CheckoutRefusal | null> {
  const { lines, hasPendingOrder } = await checkoutLinesAndPending(db, userId);
  return hasPendingOrder ? null : soldOutRefusal(lines);
}

function unavailable(line: { displayName: string }): CheckoutRefusal {
  return new CheckoutRefusal("unavailable", `${line.displayName} is no longer available.`, line.displayName);
}

function outOfStock(line: { displayName: string }, left: number): CheckoutRefusal {
  return new CheckoutRefusal(
    "out_of_stock",
    left > 0 ? `Only ${left} of ${line.displayName} left in stock.` : `${line.displayName} is out of stock.`,
    line.displayName,
  );
}

/**
 * A new checkout replaces the customer's earlier pending ones: without this, every POST
 * /checkout would reserve the same cart again and one customer could hold all the stock of a
 * product without paying. Runs inside the checkout transaction, after the customer row is
 * locked (so no other checkout of theirs can interleave) and before any stock is taken; a
 * refused checkout rolls it back, so the earlier order then stays as it was.
 *
 * The earlier orders become `failed` and their held units go back. Releasing and then taking
 * stock in one transaction could deadlock against another customer doing the same with the
 * variants the other way round, so when there are units to give back every variant this
 * checkout will touch (released or taken) is locked first, in variant-id order, the lock order
 * used everywhere else. With none (nearly every checkout of a drop) nothing is locked here: the
 * stock update near the end of the checkout takes the variants, in the same order.
 */
async function supersedePendingOrders(tx: Db, userId: string, cart: CheckoutLine[], now: Date): Promise<SupersededOrder[]> {
  const superseded = await failPendingOrdersOf(tx, userId, now);
  const ids = superseded.map((o) => o.id);
  if (ids.length === 0) {
    // Asked again here: the stock can have gone since the answer before the transaction (a race
    // in the crowd), and writing an order to queue at the stock update only to be refused is
    // what it avoids.
    const soldOut = soldOutRefusal(cart);
    if (soldOut) throw soldOut;
    return superseded;
  }
  await lockVariants(tx, [...cart.map((l) => l.variantId), ...(await heldVariantIds(tx, ids))]);
  await releaseHeldReservations(tx, ids, now);
  // Their store credit goes back before this checkout takes any (the balance lock comes last).
  await returnCreditOfOrders(tx, ids);
  return superseded;
}

/** The stock update found a variant's price or limit changed since the cart was read: the checkout runs again. */
class VariantChangedSinceRead extends Error {}

/**
 * Whether a line's visibility or applicable limit now differs from `cart`'s (read earlier in the
 * transaction). Read by variant, not through the cart: a line the customer removed from another
 * tab meanwhile is not a change of the product.
 */
async function productFactsChanged(tx: Db, cart: CheckoutLine[]): Promise<boolean> {
  const now = await variantFactsById(tx, cart.map((l) => l.variantId));
  return cart.some((line) => {
    const current = now.get(line.variantId);
    return (
      !current ||
      current.isVisible !== line.isVisible ||
      current.limitPerCustomer !== line.limitPerCustomer ||
      limitScopeKey(current.limitScope) !== limitScopeKey(line.limitScope)
    );
  });
}

/**
 * The checkout's cart read again under its variants' lock: taken by the read itself with
 * `lockNow`, else already held (supersedePendingOrders took it). Only the lines of the first
 * read: one added from another tab meanwhile (its product not weighed by the drop locks) waits
 * for the next checkout.
 */
async function cartUnderLock(tx: Db, userId: string, firstRead: CheckoutLine[], { lockNow }: { lockNow: boolean }): Promise<CheckoutLine[]> {
  const wanted = new Set(firstRead.map((l) => l.variantId));
  return (await checkoutLines(tx, userId, { lock: lockNow })).filter((l) => wanted.has(l.variantId));
}

/**
 * Starts a checkout for the signed-in customer's cart.
 *
 * 0. Before anything else, one read: a cart short of stock, with no pending order of the
 *    customer's to give units back, is refused `out_of_stock` (soldOutBeforeStarting).
 * 1. In one short transaction (no network call inside): lock the customer (so two parallel
 *    checkouts by one customer are serialised), end the customer's earlier pending checkouts
 *    (their stock back: a customer holds at most one cart's worth), re-price the cart as first
 *    read (member prices, shipping, coupon), refuse hidden products and anything over the
 *    per-customer limit counted across paid and pending orders, write the pending order and its
 *    items, then take the stock with guarded updates that also find each variant's price,
 *    member price and own limit as read (else the transaction runs once more with the cart read
 *    under the variants' lock: decision 0059), and write the reservations.
 * 2. After commit, close the replaced checkouts' payment sessions (best effort: a payment that
 *    still lands there is a late payment, re-reserved or refunded by fulfilment), then ask the
 *    provider for a hosted payment session. If that fails, the reservation is released and the
 *    order marked failed, so no stock is stranded.
 */
export async function createCheckout(
  db: Db,
  request: CheckoutRequest,
  provider: PaymentProvider,
  config: CheckoutConfig,
): Promise<CheckoutResult> {
  const now = config.now ?? new Date();
  const expiresAt = new Date(now.getTime() + config.reservationMinutes * 60_000);
  const log = config.log ?? processLog;
  const couponCode = normaliseCouponCode(request.couponCode);

  // First, and before any transaction: a sold-out cart (a drop's crowd after the stock has gone)
  // is told so at once. It tells nothing about a coupon: no attempt is counted, and it comes
  // before the other refusals (a missing address, say), which would not help anyway.
  const soldOut = await soldOutBeforeStarting(db, request.userId);
  if (soldOut) return { ok: false, code: soldOut.code, message: soldOut.message, productName: soldOut.productName };

  // Counted before the code is looked up and outside the transaction (a refusal rolls that
  // back, the count must stay); past the allowance no code is looked up at all.
  let couponAttempt: CouponAttempt | null = null;
  if (couponCode) {
    couponAttempt = await beginCouponAttempt(db, { userId: request.userId, ipAddress: request.ipAddress }, { now });
    if (!couponAttempt.allowed) {
      return {
        ok: false,
        code: "coupon_attempts",
        message: checkoutErrorMessage("coupon_attempts"),
        retryAfterSeconds: couponAttempt.retryAfterSeconds,
      };
    }
  }
  let couponApplied = false;

  let reserved: {
    orderId: number;
    cancelToken: string;
    email: string;
    lines: { name: string; quantity: number; unitAmount: number }[];
    shipping: number;
    discount: number;
    total: number;
    credit: number;
    couponCode: string | null;
    superseded: SupersededOrder[];
    /** Paid entirely with store credit: completed here, no payment page; the session id the success page finds it by. */
    creditSessionId: string | null;
    /** The order buys a drop product: the payment must be a card (its fingerprint is a buyer key). */
    holdsDropProduct: boolean;
  };
  // The reserving transaction. `readUnderLock`: the cart's variants are locked before their facts
  // are read (the second run, after the first found them changed when it took the stock).
  const reserve = (readUnderLock: boolean) =>
    db.transaction(async (tx) => {
      couponApplied = false;
      if (!(await lockCustomer(tx, request.userId))) {
        throw new CheckoutRefusal("unknown", "Your account could not be found. Please sign in again.");
      }

      const inCart = await checkoutLines(tx, request.userId);
      if (inCart.length === 0) throw new CheckoutRefusal("empty_cart", "Your cart is empty.");

      // The order ships to the address on the profile (delivery policy); without one a paid
      // order could not be sent, so it must be there before any stock is held.
      const profile = await getProfile(tx, request.userId);
      if (!profile || !hasDeliveryAddress(profile)) {
        throw new CheckoutRefusal("missing_address", "Add a delivery address to your profile before checking out.");
      }

      // Drop products are limited per person across accounts: the buyer's identity keys are
      // locked after the customer and before the coupon and the variants (checked further down).
      const dropBuyer = await lockDropBuyer(
        tx,
        { userId: request.userId, email: profile.email, address: { postalCode: profile.postalCode, line1: profile.addressLine1 } },
        inCart.map((l) => l.productId),
      );

      // Locked before any variant, so every checkout takes customer → person keys → coupon →
      // variants in that order and none can deadlock another.
      const coupon: RedeemableCoupon | null = couponCode ? await findRedeemableCoupon(tx, couponCode, { lock: true }) : null;

      const superseded = await supersedePendingOrders(tx, request.userId, inCart, now);

      // The order is priced and limited on the cart as first read, without holding its variants
      // (decision 0059): their rows are locked only by the guarded stock update near the end,
      // which also refuses the take when a price, member price or own limit changed since the
      // read (an admin's edit, a repricing run); the checkout then runs again with the cart read
      // under the lock, so an order never carries a price already replaced. Locked here, every
      // statement below would be a round trip the next buyer of a drop waits through.
      // Units given back by superseded orders locked every cart variant already: read under it.
      const lockedBySupersede = superseded.length > 0;
      // Whether the facts below were read under the variants' lock (then nothing of theirs can move).
      const factsLocked = readUnderLock || lockedBySupersede;
      const cart = lockedBySupersede
        ? await cartUnderLock(tx, request.userId, inCart, { lockNow: false })
        : readUnderLock
          ? await cartUnderLock(tx, request.userId, inCart, { lockNow: true })
          : inCart;
      if (cart.length === 0) throw new CheckoutRefusal("empty_cart", "Your cart is empty.");
      for (const line of cart) {
        if (!line.isVisible) throw unavailable(line);
      }
      // A drop product needs a right to buy now and room in the person's limit (decision 0047).
      // The clock read again: the locks above may have been waited on, and a turn to buy that
      // ended meanwhile has ended (its place may already have passed to someone else).
      const dropCheck = await checkDropCheckout(tx, dropBuyer, request.userId, cart, config.now ?? new Date());
      if (!dropCheck.ok) throw new CheckoutRefusal(dropCheck.code, dropCheck.message, dropCheck.productName);

      // A limit counts the product's variants together (unless a variant has its own), so the
      // cart's lines are summed per limit scope before they are weighed against the orders.
      const held = await heldUnitsByScope(
        tx,
        request.userId,
        cart.map((l) => l.limitScope),
      );
      const taking = new Map<string, number>();
      for (const line of cart) {
        const scope = limitScopeKey(line.limitScope);
        taking.set(scope, (taking.get(scope) ?? 0) + line.quantity);
      }
      for (const line of cart) {
        const scope = limitScopeKey(line.limitScope);
        const already = held.get(scope) ?? 0;
        if (exceedsLimit(line.limitPerCustomer, already, taking.get(scope)!)) {
          const subject = limitSubject(line);
          throw new CheckoutRefusal("limit_exceeded", `${subject}: limit ${line.limitPerCustomer}, ${already} held in other orders`, subject);
        }
      }

      const premium = await isPremium(tx, request.userId, now);
      // A coupon restricted to categories applies to the lines in them only (decision 0035).
      const categoryOf = coupon && coupon.categoryIds.length > 0 ? await productCategoryIds(tx, cart.map((l) => l.productId)) : null;
      const priced = cart.map((l) => ({ ...l, categoryId: categoryOf?.get(l.productId) ?? null, unitPrice: lineTotals(l, premium).unitPrice }));
      if (couponCode) {
        if (!coupon) throw new CheckoutRefusal("invalid_coupon", "That coupon code is not valid.");
        const unusable = couponUseProblem(coupon, priced, premium, now);
        if (unusable) {
          const code = couponUseErrorCode(unusable);
          // The minimum goes back to the cart in the item parameter, so its message can say it.
          const item = unusable === "min_spend" && coupon.minSpend !== null ? formatPence(coupon.minSpend) : undefined;
          throw new CheckoutRefusal(code, checkoutErrorMessage(code, item), item);
        }
        // Counted after this customer's earlier pending orders were replaced (they free theirs),
        // under the customer lock and the coupon's, so parallel checkouts count one by one.
        const problem = couponRedemptionProblem(coupon, await couponRedemptions(tx, coupon.code, request.userId));
        if (problem === "used") throw new CheckoutRefusal("coupon_used", checkoutErrorMessage("coupon_used"));
        if (problem === "exhausted") throw new CheckoutRefusal("coupon_exhausted", checkoutErrorMessage("coupon_exhausted"));
        couponApplied = true;
      }
      const summary = priceOrder(priced, premium, coupon);

      // Store credit: read here, spent (its balance row locked) after the stock is taken, the last
      // of the locks (customer → person keys → coupon → variants → credit balance). Nobody can move
      // this customer's credit in between: every movement writes a ledger row naming the customer,
      // whose row this transaction holds (FOR UPDATE blocks the row's key-share lock). The spend
      // still checks the balance.
      let credit = 0;
      if (request.credit?.use) {
        const balance = await creditBalance(tx, request.userId);
        const applied = creditToApply(balance, summary.total, request.credit.amount);
        if (applied === null) throw new CheckoutRefusal("credit_not_enough", checkoutErrorMessage("credit_not_enough", formatPence(balance)), formatPence(balance));
        credit = applied;
      }
      const wholeOrderOnCredit = credit > 0 && credit === summary.total;

      const cancelToken = newCancelToken();
      const orderId = await insertPendingOrder(
        tx,
        {
          userId: request.userId,
          email: profile.email,
          amounts: summary,
          couponCode: coupon?.code ?? null,
          creditAmount: credit,
          paymentProvider: wholeOrderOnCredit ? STORE_CREDIT_PROVIDER : provider.name,
          cancelToken,
          reservationExpiresAt: expiresAt,
          shippingName: profile.fullName,
          shippingAddress: {
            line1: profile.addressLine1,
            line2: profile.addressLine2,
            city: profile.city,
            region: profile.region,
            postalCode: profile.postalCode,
            country: profile.country,
          },
        },
        priced.map((l) => ({
          productId: l.productId,
          variantId: l.variantId,
          variantLabel: l.variantLabel,
          productName: l.name,
          productSlug: l.slug,
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          normalUnitPrice: l.price,
        })),
      );

      await recordDropOrder(tx, orderId, dropCheck.records);

      // Variant order = lock order: two checkouts of the same variants cannot deadlock. From the
      // first line's update to the commit the variants are held: the other lines' updates, the
      // reservations' insert, the credit (and an order it pays in full completed), the commit.
      const reservation = await reserveStock(tx, orderId, cart, { status: "held", expiresAt, now }, { unchanged: factsAsRead });
      if (!reservation.ok) {
        const { line } = reservation;
        // The stock read with the cart may be stale by now (another buyer took the units between
        // that read and the guarded update): say what is left now.
        const current = await findVariantFacts(tx, line.variantId);
        if (!current?.isVisible) throw unavailable(line);
        if (current.stock < line.quantity) throw outOfStock(line, current.stock);
        // Stock enough and the product shown: most likely its price or limit changed after the
        // read (or units came back just now); either way a run with the cart read under the lock
        // decides. Read under the lock, only the product's visibility can have moved (a product
        // row is not locked): hidden and shown again within the moment.
        if (factsLocked) throw unavailable(line);
        throw new VariantChangedSinceRead();
      }
      // The products' own facts (shown or hidden, a product's limit) are not on the rows the take
      // locked. An admin's edit that changed them and held these variants has committed by now
      // (the take waited for it): read them again and, if the order was made on others, run again.
      if (!factsLocked && (await productFactsChanged(tx, cart))) throw new VariantChangedSinceRead();
      if (credit > 0) {
        const spent = await moveCredit(tx, { userId: request.userId, amount: -credit, kind: "order_spend", orderId });
        // Cannot happen (above); the spend's own check would refuse it anyway.
        if (!spent.ok) throw new CheckoutRefusal("credit_not_enough", checkoutErrorMessage("credit_not_enough", formatPence(spent.balance)), formatPence(spent.balance));
      }
      let creditSessionId: string | null = null;
      if (wholeOrderOnCredit) {
        creditSessionId = `credit_${orderId}_${randomBytes(12).toString("hex")}`;
        // The order was made above in this transaction with this credit: nothing else can have moved it.
        if (!(await completeCreditOrder(tx, orderId, creditSessionId, now, config.brand))) throw new Error(`checkout: credit order ${orderId} could not be completed`);
      }
      return {
        orderId,
        cancelToken,
        email: profile.email,
        lines: priced.map((l) => ({ name: l.displayName, quantity: l.quantity, unitAmount: l.unitPrice })),
        shipping: summary.shipping,
        discount: summary.discount,
        total: summary.total,
        credit,
        couponCode: coupon?.code ?? null,
        superseded,
        creditSessionId,
        holdsDropProduct: dropCheck.records.length > 0,
      };
    });
  try {
    reserved = await reserve(false).catch((error: unknown) => {
      if (error instanceof VariantChangedSinceRead) return reserve(true);
      throw error;
    });
  } catch (error) {
    if (error instanceof CheckoutRefusal) {
      // A code that was valid (the checkout failed for another reason) is not a guess.
      if (couponApplied && couponAttempt) await refundCouponAttempt(db, couponAttempt);
      return { ok: false, code: error.code, message: error.message, productName: error.productName };
    }
    throw error;
  }
  if (couponApplied && couponAttempt) await refundCouponAttempt(db, couponAttempt);

  // Outside the transaction: a slow provider never holds row locks.
  for (const old of reserved.superseded) {
    if (!old.sessionId || old.provider !== provider.name) continue;
    await provider.expireCheckoutSession(old.sessionId).catch((error: unknown) => {
      log().warn({ orderId: old.id, sessionId: old.sessionId, reason: loggableMessage(error) }, "checkout: could not close the payment session of a replaced order");
    });
  }
  if (reserved.creditSessionId) {
    const sessionId = reserved.creditSessionId;
    return { ok: true, orderId: reserved.orderId, sessionId, url: orderSuccessUrl(config.publicUrl).replace(CHECKOUT_SESSION_ID_TEMPLATE, sessionId) };
  }
  try {
    const session = await provider.createCheckoutSession({
      lineItems: [...reserved.lines, { name: CART_SHIPPING_LABEL, quantity: 1, unitAmount: reserved.shipping }],
      // The card pays what the store credit does not; the credit shows as a discount line.
      amountTotal: cardPart({ totalAmount: reserved.total, creditAmount: reserved.credit }),
      discountAmount: reserved.discount + reserved.credit,
      discountLabel: discountLabel(reserved.couponCode, reserved.credit),
      customerEmail: reserved.email,
      clientReferenceId: String(reserved.orderId),
      metadata: { orderId: String(reserved.orderId), userId: request.userId },
      successUrl: orderSuccessUrl(config.publicUrl),
      cancelUrl: checkoutCancelUrl(config.publicUrl, reserved.orderId, reserved.cancelToken),
      expiresAt,
      idempotencyKey: `checkout-order-${reserved.orderId}`,
      userId: request.userId,
      cardOnly: reserved.holdsDropProduct,
    });
    await attachPaymentSession(db, reserved.orderId, session.id);
    return { ok: true, orderId: reserved.orderId, sessionId: session.id, url: session.url };
  } catch (error) {
    log().error({ orderId: reserved.orderId, err: error }, "checkout: the payment session could not be created; order failed, stock released");
    await db.transaction(async (tx) => {
      const failed = await moveOrders(tx, [reserved.orderId], "pending", "failed", new Date());
      await releaseHeldReservations(tx, failed, new Date());
      await returnCreditOfOrders(tx, failed);
    });
    return {
      ok: false,
      code: "payment_unavailable",
      message: "The payment provider could not be reached. Nothing was charged.",
    };
  }
}

import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { cards } from "./cards";

/**
 * The buylist (issue 15): cards the shop buys from customers, their submissions, and the
 * customers' store credit. Owned by app/modules/buylist (buylist_*) and app/modules/credit
 * (store_credit_*). Money is integer pence; rates are basis points (10,000 = 100 %).
 */

/**
 * A submission's life: submitted → quoted → accepted | declined | expired → shipped → received →
 * graded → paid | returned; the shop may also reject a whole submission ("rejected") or the
 * customer withdraw it before the quote is accepted ("withdrawn").
 */
export const BUYLIST_STATUSES = ["submitted", "quoted", "accepted", "declined", "expired", "shipped", "received", "graded", "paid", "returned", "rejected", "withdrawn"] as const;
export type BuylistStatus = (typeof BUYLIST_STATUSES)[number];

/** A line's standing in the shop's review. */
export const BUYLIST_LINE_STATUSES = ["offered", "accepted", "rejected"] as const;

/** How a submission is paid: cash by PayPal or bank transfer, or store credit. */
export const BUYLIST_PAYOUTS = ["cash", "credit"] as const;
export const BUYLIST_CASH_METHODS = ["paypal", "bank_transfer"] as const;

/** The one row of buylist settings (id 1); defaults live in modules/buylist, not here. */
export const buylistSettings = pgTable(
  "buylist_settings",
  {
    id: integer().primaryKey(),
    /** Validated by the buylist module's zod schema: buy rates per condition, credit bonus, minimum line value, quote days, label threshold. */
    settings: jsonb().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [check("buylist_settings_one_row", sql`${t.id} = 1`)],
);

/**
 * A card the shop has a view on: buying or not, how many it wants in all (stock on hand and
 * units in open submissions count against it), at most how many per submission, and whether it
 * is on the hot-list at a premium. A card without a row is bought at the default rates when the
 * settings say to buy every priced card.
 */
export const buylistCards = pgTable(
  "buylist_cards",
  {
    cardId: integer()
      .primaryKey()
      .references(() => cards.id, { onDelete: "cascade" }),
    buying: boolean().notNull().default(true),
    /** Copies the shop wants to hold; null: no limit. */
    wantedQuantity: integer(),
    /** Most copies from one submission; null: no cap. */
    maxPerSubmission: integer(),
    /** Hot-list premium on top of the buy rate, basis points (1,000 = +10 %); 0: not hot. */
    hotPremiumBasisPoints: integer().notNull().default(0),
    note: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("buylist_cards_wanted_nonneg", sql`${t.wantedQuantity} IS NULL OR ${t.wantedQuantity} >= 0`),
    check("buylist_cards_cap_positive", sql`${t.maxPerSubmission} IS NULL OR ${t.maxPerSubmission} > 0`),
    check("buylist_cards_premium_range", sql`${t.hotPremiumBasisPoints} BETWEEN 0 AND 10000`),
  ],
);

export const buylistSubmissions = pgTable(
  "buylist_submissions",
  {
    /** Shown to the customer as the reference (formatted by the buylist module). */
    id: integer().primaryKey().generatedAlwaysAsIdentity({ startWith: 5001 }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    status: text().notNull().default("submitted"),
    /** What the customer would like: cash or store credit (the shop pays as agreed at the end). */
    payoutPreference: text().notNull().default("cash"),
    customerNote: text(),
    /** The instant offer when submitted (cash and credit), kept as the customer saw it. */
    offerCash: integer().notNull(),
    offerCredit: integer().notNull(),
    /** The quote sent (cash pence; credit adds the bonus in force when quoted). */
    quotedCash: integer(),
    quotedCredit: integer(),
    quoteSentAt: timestamp({ withTimezone: true }),
    quoteExpiresAt: timestamp({ withTimezone: true }),
    /** 128 random bits (base64url) in the quote's accept/decline link; the owner must be signed in too. */
    quoteToken: text(),
    /** The final amount after grading (cash pence; credit with the bonus). */
    finalCash: integer(),
    finalCredit: integer(),
    /** Prepaid label the shop attached (MediaStore key, content type, original file name). */
    labelKey: text(),
    labelContentType: text(),
    labelFileName: text(),
    payout: text(),
    cashMethod: text(),
    /** PayPal transaction id or bank transfer reference, and the day it was paid. */
    paidReference: text(),
    paidOn: text(),
    paidAmount: integer(),
    paidAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "buylist_submissions_status_valid",
      sql`${t.status} IN ('submitted', 'quoted', 'accepted', 'declined', 'expired', 'shipped', 'received', 'graded', 'paid', 'returned', 'rejected', 'withdrawn')`,
    ),
    check("buylist_submissions_preference_valid", sql`${t.payoutPreference} IN ('cash', 'credit')`),
    check("buylist_submissions_payout_valid", sql`${t.payout} IS NULL OR ${t.payout} IN ('cash', 'credit')`),
    check("buylist_submissions_cash_method_valid", sql`${t.cashMethod} IS NULL OR ${t.cashMethod} IN ('paypal', 'bank_transfer')`),
    check(
      "buylist_submissions_amounts_nonneg",
      sql`${t.offerCash} >= 0 AND ${t.offerCredit} >= 0 AND coalesce(${t.quotedCash}, 0) >= 0 AND coalesce(${t.quotedCredit}, 0) >= 0 AND coalesce(${t.finalCash}, 0) >= 0 AND coalesce(${t.finalCredit}, 0) >= 0 AND coalesce(${t.paidAmount}, 0) >= 0`,
    ),
    index("buylist_submissions_user_idx").on(t.userId, t.createdAt),
    index("buylist_submissions_status_idx").on(t.status, t.createdAt),
  ],
);

/** One card in a submission: as the customer described it, as quoted, and as received. */
export const buylistLines = pgTable(
  "buylist_lines",
  {
    id: serial().primaryKey(),
    submissionId: integer()
      .notNull()
      .references(() => buylistSubmissions.id, { onDelete: "cascade" }),
    cardId: integer()
      .notNull()
      .references(() => cards.id, { onDelete: "restrict" }),
    /** Snapshot for display, kept if the card data changes. */
    cardLabel: text().notNull(),
    printing: text().notNull(),
    condition: text().notNull(),
    quantity: integer().notNull(),
    /** Unit cash offer when submitted (0 when the shop was not buying it), and why not. */
    offeredUnit: integer().notNull(),
    notBuyingReason: text(),
    /** The shop's review: accepted or rejected, with a possibly adjusted condition and unit price. */
    status: text().notNull().default("offered"),
    quotedCondition: text(),
    quotedUnit: integer(),
    /** Told to the customer: why a line was rejected or re-priced. */
    reviewNote: text(),
    /** On receipt: the condition found and how many arrived (fewer: the rest are missing). */
    receivedCondition: text(),
    receivedQuantity: integer(),
    finalUnit: integer(),
    gradeNote: text(),
  },
  (t) => [
    check("buylist_lines_quantity_positive", sql`${t.quantity} > 0`),
    check("buylist_lines_status_valid", sql`${t.status} IN ('offered', 'accepted', 'rejected')`),
    check(
      "buylist_lines_amounts_nonneg",
      sql`${t.offeredUnit} >= 0 AND coalesce(${t.quotedUnit}, 0) >= 0 AND coalesce(${t.finalUnit}, 0) >= 0 AND coalesce(${t.receivedQuantity}, 0) >= 0`,
    ),
    check("buylist_lines_received_range", sql`${t.receivedQuantity} IS NULL OR ${t.receivedQuantity} <= ${t.quantity}`),
    index("buylist_lines_submission_idx").on(t.submissionId, t.id),
    index("buylist_lines_card_idx").on(t.cardId),
  ],
);

/** Photos of a submission's cards (fronts and backs), stored like product images. */
export const buylistPhotos = pgTable(
  "buylist_photos",
  {
    id: serial().primaryKey(),
    submissionId: integer()
      .notNull()
      .references(() => buylistSubmissions.id, { onDelete: "cascade" }),
    storageKey: text().notNull().unique(),
    widths: integer().array().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("buylist_photos_submission_idx").on(t.submissionId, t.id)],
);

/** A submission's history: every status it passed through, when, by whom, and what was said. */
export const buylistEvents = pgTable(
  "buylist_events",
  {
    id: serial().primaryKey(),
    submissionId: integer()
      .notNull()
      .references(() => buylistSubmissions.id, { onDelete: "cascade" }),
    status: text().notNull(),
    /** Null: the customer (or the shop's own job, e.g. a quote expiring). */
    actorUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("buylist_events_submission_idx").on(t.submissionId, t.id)],
);

// ---- Store credit (app/modules/credit) ---------------------------------------------------------

/** Why a customer's credit moved. */
export const STORE_CREDIT_KINDS = ["buylist_payout", "order_refund", "grant", "correction", "order_spend", "order_return"] as const;
export type StoreCreditKind = (typeof STORE_CREDIT_KINDS)[number];

/**
 * The store-credit ledger: append-only (the credit module only inserts; a trigger in the
 * migration refuses UPDATE and DELETE), one row per movement, signed pence. A customer's balance
 * is the sum of their rows; `balance_after` is that sum as of the row, written under the
 * balance row's lock.
 */
export const storeCreditEntries = pgTable(
  "store_credit_entries",
  {
    id: serial().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    amount: integer().notNull(),
    balanceAfter: integer().notNull(),
    kind: text().notNull(),
    orderId: integer(),
    buylistSubmissionId: integer(),
    /** Shown to the customer (a grant's or correction's reason). */
    note: text(),
    /** No ON DELETE action: the ledger is append-only, so an admin who moved credit is never deleted (accounts are erased in place). */
    actorUserId: uuid().references(() => users.id),
    /** One movement per key: a replayed payout, spend or return changes nothing. */
    dedupeKey: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("store_credit_entries_amount_nonzero", sql`${t.amount} <> 0`),
    check("store_credit_entries_balance_nonneg", sql`${t.balanceAfter} >= 0`),
    check("store_credit_entries_kind_valid", sql`${t.kind} IN ('buylist_payout', 'order_refund', 'grant', 'correction', 'order_spend', 'order_return')`),
    uniqueIndex("store_credit_entries_dedupe_idx").on(t.dedupeKey).where(sql`${t.dedupeKey} IS NOT NULL`),
    index("store_credit_entries_user_idx").on(t.userId, t.id),
    index("store_credit_entries_order_idx").on(t.orderId).where(sql`${t.orderId} IS NOT NULL`),
  ],
);

/**
 * A customer's balance: the sum of their ledger rows, kept in the same transaction as each row.
 * Every movement is a guarded update of this row, so two checkouts spending the same credit
 * queue on it and the CHECK makes a balance below zero impossible.
 */
export const storeCreditBalances = pgTable(
  "store_credit_balances",
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: "restrict" }),
    balance: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("store_credit_balances_nonneg", sql`${t.balance} >= 0`)],
);

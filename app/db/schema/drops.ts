import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { products } from "./catalog";
import { orders } from "./orders";

/**
 * Fair drops (issue 16): a hot product released at a set time, sold through a waiting room
 * ("queue") or a free prize draw ("draw"), with limits per person across accounts. Owned by
 * app/modules/drops. Times are instants (timestamptz); the rules reading them are in
 * modules/drops/drop-rules.ts.
 */

export const DROP_MODES = ["queue", "draw"] as const;
export type DropMode = (typeof DROP_MODES)[number];

/**
 * One drop per product. Its timeline:
 * - before `opensAt`: the product page counts down, nothing can be bought or entered;
 * - queue: from `opensAt` visitors may join the waiting room; at `startsAt` those present are put
 *   in a random order (seeded, the seed recorded in `seed`), later joiners queue behind them in
 *   the order they came; `admitPerMinute` of them are admitted each minute and each admitted
 *   buyer may buy for `purchaseMinutes`;
 * - draw: entry is open from `opensAt` until `startsAt`, then the draw runs (its seed recorded,
 *   `orderedAt` set); the first `places` entries drawn win a checkout window of `purchaseMinutes`,
 *   places not taken in time pass to the next drawn.
 */
export const drops = pgTable(
  "drops",
  {
    id: serial().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    mode: text({ enum: DROP_MODES }).notNull(),
    opensAt: timestamp({ withTimezone: true }).notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    /** Queue: buyers admitted per minute (what the shop can serve). */
    admitPerMinute: integer().notNull().default(60),
    /** How long an admitted buyer (queue) or a winner (draw) may buy, in minutes. */
    purchaseMinutes: integer().notNull().default(10),
    /** Most units one person (across accounts: email, address, card) may buy of this drop. */
    unitsPerPerson: integer().notNull().default(2),
    /** Draw: how many entries win a place; null = stock ÷ units per person, when drawn. */
    places: integer(),
    /** The random seed that ordered the queue at the start, or the draw (hex, recorded for audit). */
    seed: text(),
    /** When the queue was ordered (queue) or the draw ran (draw); null before. */
    orderedAt: timestamp({ withTimezone: true }),
    /** The owner called the drop off: nothing more is admitted, drawn or bought through it. */
    cancelledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("drops_product_unique").on(t.productId),
    check("drops_mode_valid", sql`${t.mode} IN ('queue', 'draw')`),
    check("drops_times_ordered", sql`${t.opensAt} <= ${t.startsAt}`),
    check("drops_admit_positive", sql`${t.admitPerMinute} > 0`),
    check("drops_purchase_minutes_positive", sql`${t.purchaseMinutes} > 0`),
    check("drops_units_positive", sql`${t.unitsPerPerson} > 0`),
    check("drops_places_positive", sql`${t.places} IS NULL OR ${t.places} > 0`),
  ],
);

/**
 * Where an entry stands. Queue: waiting (no place yet) → admitted, stored as soon as a place is
 * given: "admitted" means the turn is scheduled (`rightFrom`, possibly hours ahead) until
 * `rightUntil`; a window that has passed is shown as lapsed (modules/drops/view.server.ts)
 * without being rewritten. Draw: entered → won (a right to buy) | lost, then won → purchased | lapsed;
 * a lost entry can be offered a lapsed place later ("won" again, with a new window).
 */
export const DROP_ENTRY_STATES = ["waiting", "admitted", "entered", "won", "lost", "purchased", "lapsed"] as const;
export type DropEntryState = (typeof DROP_ENTRY_STATES)[number];

/**
 * A person's place in a drop: one per account per drop, and one per person (the normalised
 * email, `personKey`) so a second account of the same person cannot enter twice.
 */
export const dropEntries = pgTable(
  "drop_entries",
  {
    id: serial().primaryKey(),
    dropId: integer()
      .notNull()
      .references(() => drops.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The account's normalised email (modules/drops/buyer-identity.ts). */
    personKey: text().notNull(),
    /** A keyed hash of the client address (never the address itself), for per-address entry limits. */
    addressKey: text().notNull(),
    state: text({ enum: DROP_ENTRY_STATES }).notNull(),
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Queue: place in line from 1; draw: the order drawn from 1. Null until ordered. */
    position: integer(),
    /** When the right to buy begins (queue: the admission time; draw: the win, or the place passed on). */
    rightFrom: timestamp({ withTimezone: true }),
    rightUntil: timestamp({ withTimezone: true }),
    /** The paid order that used the right. */
    orderId: integer().references(() => orders.id, { onDelete: "set null" }),
    /** When the entry's outcome email was queued (draw results, places passed on). */
    notifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("drop_entries_account_unique").on(t.dropId, t.userId),
    uniqueIndex("drop_entries_person_unique").on(t.dropId, t.personKey),
    uniqueIndex("drop_entries_position_unique").on(t.dropId, t.position),
    index("drop_entries_address_idx").on(t.dropId, t.addressKey),
    index("drop_entries_state_idx").on(t.dropId, t.state),
    check("drop_entries_state_valid", sql`${t.state} IN ('waiting', 'admitted', 'entered', 'won', 'lost', 'purchased', 'lapsed')`),
    check("drop_entries_position_positive", sql`${t.position} IS NULL OR ${t.position} > 0`),
  ],
);

/**
 * The identities an order of a drop product was bought under (normalised email, delivery
 * address, card fingerprint once paid) and the units it holds, so a person's units can be
 * counted across accounts (modules/drops/person-limits.server.ts).
 */
export const dropOrderKeys = pgTable(
  "drop_order_keys",
  {
    dropId: integer()
      .notNull()
      .references(() => drops.id, { onDelete: "cascade" }),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** "account:<user id>" (checkout-gate.server.ts), or "email:…", "address:…", "card:…" (buyer-identity.ts). */
    key: text().notNull(),
    units: integer().notNull(),
  },
  (t) => [
    uniqueIndex("drop_order_keys_unique").on(t.dropId, t.orderId, t.key),
    index("drop_order_keys_key_idx").on(t.dropId, t.key),
    check("drop_order_keys_units_positive", sql`${t.units} > 0`),
  ],
);

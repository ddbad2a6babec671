import { sql } from "drizzle-orm";
import { check, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { productVariants } from "./catalog";

/** Guest carts the server has issued; a guest id that is not here is forged and refused. */
export const guestCarts = pgTable("guest_carts", {
  id: text().primaryKey(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** One row per variant in a cart. A row belongs to a user or to a guest cart, never both. */
export const cartItems = pgTable(
  "cart_items",
  {
    id: serial().primaryKey(),
    userId: uuid().references(() => users.id, { onDelete: "cascade" }),
    guestId: text().references(() => guestCarts.id, { onDelete: "cascade" }),
    variantId: integer()
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    quantity: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("cart_items_quantity_positive", sql`${t.quantity} > 0`),
    check("cart_items_one_owner", sql`(${t.userId} IS NULL) <> (${t.guestId} IS NULL)`),
    uniqueIndex("cart_items_user_variant_uq").on(t.userId, t.variantId),
    uniqueIndex("cart_items_guest_variant_uq").on(t.guestId, t.variantId),
  ],
);

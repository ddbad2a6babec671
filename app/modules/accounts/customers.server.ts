import { eq } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { users } from "~/db/schema";

/**
 * Serialises everything one customer does to their holdings (checkout, a late payment taking
 * stock again): the second of two parallel checkouts waits on this row lock, then sees the
 * first one's order when it counts units against the purchase limit. False when the user does
 * not exist.
 */
export async function lockCustomer(tx: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  return row !== undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an account with this id exists (a malformed id never does). */
export async function customerExists(db: Db | Tx, userId: string): Promise<boolean> {
  if (!UUID.test(userId)) return false;
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return row !== undefined;
}

/** The customer's sign-in email (where the shop writes to them); null for an unknown id. */
export async function customerEmail(db: Db | Tx, userId: string): Promise<string | null> {
  if (!UUID.test(userId)) return null;
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

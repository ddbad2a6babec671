import { eq } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { outbox } from "~/db/schema";

/** Deletes every email kept for this address (an erased customer's copies of what we sent). */
export async function forgetRecipient(tx: Db | Tx, email: string): Promise<number> {
  const rows = await tx.delete(outbox).where(eq(outbox.toAddress, email)).returning({ id: outbox.id });
  return rows.length;
}

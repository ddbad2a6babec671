/**
 * The wholesale side of a customer's own data. Applications are not tied to an account (anyone
 * may apply), so they are found by the account's email.
 */
import { asc, eq } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { wholesaleApplications } from "~/db/schema";
import { applicantColumns } from "./applications.server";

export async function applicationsData(db: Db, email: string) {
  return db
    .select(applicantColumns)
    .from(wholesaleApplications)
    .where(eq(wholesaleApplications.email, email.trim().toLowerCase()))
    .orderBy(asc(wholesaleApplications.createdAt));
}

/** Deletes the applications made with this email: they hold no record the shop must keep. */
export async function deleteApplicationsOf(tx: Tx, email: string): Promise<number> {
  const rows = await tx
    .delete(wholesaleApplications)
    .where(eq(wholesaleApplications.email, email.trim().toLowerCase()))
    .returning({ id: wholesaleApplications.id });
  return rows.length;
}

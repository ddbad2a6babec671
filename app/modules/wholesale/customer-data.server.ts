/**
 * The wholesale side of a customer's own data. Applications are not tied to an account (anyone
 * may apply), so they are found by the account's email.
 */
import { asc, eq } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { wholesaleApplications } from "~/db/schema";

export async function applicationsData(db: Db, email: string) {
  return db
    .select({
      submittedAt: wholesaleApplications.createdAt,
      status: wholesaleApplications.status,
      email: wholesaleApplications.email,
      contactName: wholesaleApplications.contactName,
      platformUsername: wholesaleApplications.platformUsername,
      contactNumber: wholesaleApplications.contactNumber,
      billingAddress: wholesaleApplications.billingAddress,
      deliveryAddress: wholesaleApplications.deliveryAddress,
      companyType: wholesaleApplications.companyType,
      companyName: wholesaleApplications.companyName,
      companyNumber: wholesaleApplications.companyNumber,
      additionalInfo: wholesaleApplications.additionalInfo,
      subscribeNewsletter: wholesaleApplications.subscribeNewsletter,
      decidedAt: wholesaleApplications.decidedAt,
    })
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

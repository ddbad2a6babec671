import type { Db } from "~/db/client.server";
import { expirePremiumStatuses } from "./premium.server";

/**
 * The membership's periodic work (server/jobs.ts): the profile's premium cache is cleared for
 * members whose paid period ran out without an event saying so. One idempotent statement,
 * safe to run on every instance at once. (Renewals are the provider's business: Stripe bills
 * on its side, the sandbox in its billing run, both reported through payment events.)
 */
export async function runMembershipJobs(context: { db: Db }, now = new Date()) {
  const expired = await expirePremiumStatuses(context.db, now);
  return { expired };
}

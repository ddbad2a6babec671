import { DEMO_SHOP } from "~/config/shop";
import type { Db } from "~/db/client.server";
import { enqueueEmail } from "~/modules/email/outbox.server";
import { formatPence } from "~/utils/money";
import { PLAN_NAMES, type ProPlanType } from "./plans";

/**
 * A second membership was paid while the customer already had one: it was cancelled and its
 * payment refunded. One email per such subscription (dedupe key), written with the change.
 */
export async function enqueueDuplicateMembershipRefunded(
  tx: Db,
  input: { to: string; providerSubscriptionId: string; planType: ProPlanType; amount: number; shopName?: string },
) {
  const shop = input.shopName ?? DEMO_SHOP.name;
  const text = [
    "Hello,",
    "",
    `We received a payment of ${formatPence(input.amount)} for ${PLAN_NAMES[input.planType]} while your account already had a Pro membership.`,
    `You only need one, so we have cancelled the second membership and refunded the full ${formatPence(input.amount)} to your card; it usually shows within 5-10 business days.`,
    "",
    "Your existing membership carries on as before. You can manage it from the Subscription tab of your account.",
    "",
    shop,
  ].join("\n");
  return enqueueEmail(tx, {
    kind: "membership-refunded",
    to: input.to,
    subject: `Your second ${shop} Pro membership was refunded`,
    text,
    dedupeKey: `membership-refunded:${input.providerSubscriptionId}`,
  });
}

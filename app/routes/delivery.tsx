import { DeliveryPolicy } from "~/components/content/delivery-policy";
import { POLICY_STANDARD_DELIVERY_PENCE } from "~/config/constants";
import { formatPence } from "~/utils/money";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/delivery";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Delivery Policy",
    description: `UK delivery from ${formatPence(POLICY_STANDARD_DELIVERY_PENCE)}, dispatched within 1–2 business days and delivered in about 4 business days, with tracking in your order history. International orders by prior arrangement.`,
  });

export default function Delivery() {
  return <DeliveryPolicy />;
}

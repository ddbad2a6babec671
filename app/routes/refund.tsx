import { CLAIM_WINDOW_HOURS, RefundPolicy } from "~/components/content/refund-policy";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/refund";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Refund Policy",
    description: `All sales are final. Defective or damaged items reported within ${CLAIM_WINDOW_HOURS} hours with photos are put right with a refund, replacement or store credit. How to claim and how to cancel.`,
  });

export default function Refund() {
  return <RefundPolicy />;
}

import { TermsAndConditions } from "~/components/content/terms-and-conditions";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Terms and Conditions",
    description:
      "The terms that apply when you buy Pokémon trading cards from us: who can buy, prices and VAT, card payments, delivery, cancellations, refunds and Pro membership.",
  });

export default function Terms() {
  return <TermsAndConditions />;
}

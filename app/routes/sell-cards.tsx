import { QUOTE_WITHIN_HOURS, SellYourCards } from "~/components/content/sell-cards";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/sell-cards";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Sell your cards",
    description: `Sell your Pokémon cards: English, Chinese and Japanese singles and graded slabs. Send photos for a quote within ${QUOTE_WITHIN_HOURS} hours; we pay by PayPal or bank transfer once your cards are verified.`,
  });

export default function SellCards() {
  return <SellYourCards />;
}

import type { ReactNode } from "react";
import { Link } from "react-router";
import { cardNumber, type CardFacts as CardFactsData } from "~/modules/catalog/product-page";

/** What card a single is: its set (a link to the set's page), number, rarity and artist. */
export function CardFacts({ card }: { card: CardFactsData }) {
  const facts: Array<[string, ReactNode]> = [
    [
      "Set",
      <Link key="set" to={`/sets/${encodeURIComponent(card.set.code)}`} className="font-semibold text-amber-800 underline hover:text-amber-900">
        {card.set.name}
      </Link>,
    ],
    ["Number", cardNumber(card)],
  ];
  if (card.rarity) facts.push(["Rarity", card.rarity]);
  if (card.artist) facts.push(["Artist", card.artist]);
  return (
    <dl data-testid="card-facts" className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-xl border border-slate-200 bg-white p-4 text-sm sm:grid-cols-4">
      {facts.map(([term, value]) => (
        <div key={term} className="min-w-0">
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{term}</dt>
          <dd className="break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

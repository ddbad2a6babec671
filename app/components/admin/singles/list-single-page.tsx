import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { FormNotice } from "~/components/ui/form-message";
import type { CardSearchHit, ListedNotice, ListFormRefusal, SingleListing } from "~/modules/catalog/singles";
import { CardResults, CardSearchForm, FIRST_RESULT_ID, SEARCH_INPUT_ID } from "./card-search";
import { firstFieldToFocus, ListingForm } from "./listing-form";
import { VariantStock } from "./variant-stock";

/**
 * /admin/singles/new: the search, the cards found, the listing form of the picked card, and
 * after a listing the notice naming it. Keyboard first: each step puts the cursor where the
 * next keystroke goes (the search box, the first result, the first row's price, the first
 * refused field).
 */
export function ListSinglePage({
  query,
  results,
  listing,
  listed,
  refusal,
}: {
  query: string;
  results: CardSearchHit[] | null;
  listing: SingleListing | null;
  listed: ListedNotice | null;
  refusal?: ListFormRefusal;
}) {
  const location = useLocation();

  useEffect(() => {
    const target = listing
      ? firstFieldToFocus(refusal)
      : results && results.length > 0
        ? document.getElementById(FIRST_RESULT_ID)
        : document.getElementById(SEARCH_INPUT_ID);
    target?.focus();
    // A new page (search, pick, listing) or a new refusal moves the cursor; typing does not.
  }, [location.key, refusal, listing, results]);

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">List a single</h1>
          <p className="mt-1 text-slate-600">Find the card, tick the copies you have, give them a price.</p>
        </div>
        <Link to="/admin/singles" className="text-sm font-medium text-amber-700 underline underline-offset-2">
          All singles
        </Link>
      </div>

      {listed && (
        <div data-testid="listed-notice">
          <FormNotice>
            <p>
              Listed{" "}
              <Link to={`/products/${listed.slug}`} className="font-semibold underline underline-offset-2">
                {listed.name}
              </Link>
              .{listed.isVisible ? "" : " It is hidden from the shop."} Find the next card below.
            </p>
            <div className="mt-2">
              <VariantStock variants={listed.variants} label={`Stock of ${listed.name}`} />
            </div>
          </FormNotice>
        </div>
      )}

      <CardSearchForm query={query} />

      {listing ? (
        <>
          {query && (
            <p className="text-sm">
              <Link to={`/admin/singles/new?q=${encodeURIComponent(query)}`} className="font-medium text-amber-700 underline underline-offset-2">
                ← Back to the cards for “{query}”
              </Link>
            </p>
          )}
          <ListingForm key={`${listing.card.id}:${location.key}`} listing={listing} query={query} refusal={refusal} />
        </>
      ) : (
        results && <CardResults query={query} results={results} />
      )}
    </div>
  );
}

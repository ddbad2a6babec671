import { data, redirect } from "react-router";
import { CatalogueError } from "~/components/catalogue/catalogue-error";
import { SetPage } from "~/components/sets/set-page";
import { parseSetParams } from "~/modules/catalog/find-filters";
import { pageTitle, withPageNumber } from "~/modules/catalog/paging";
import { setPage } from "~/modules/catalog/set-pages.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/set";

/**
 * GET /sets/:code — the set's cards in number order with what is in stock, filtered by rarity,
 * condition, printing, stock and price, sorted by number, name or price (all in the query
 * string). Another spelling of the code (letter case, an alias such as "sv3pt5") is sent to
 * the set's own address; an unknown code is a 404. A filter value that cannot be read is
 * answered 400 with a message, the other filters still applied.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const answer = await setPage(context.db, params.code, parseSetParams(url.searchParams));
  if (!answer) throw data("Set not found", { status: 404 });
  if ("redirectTo" in answer) throw redirect(`/sets/${encodeURIComponent(answer.redirectTo)}${url.search}`, 301);
  return data(answer.view, { status: answer.view.problems.length > 0 ? 400 : 200 });
}

export const meta: Route.MetaFunction = (args) => {
  const view = args.loaderData;
  if (!view) return pageMeta(args, { title: "Set not found", description: "This card set does not exist.", noindex: true });
  const { set, listedCount, cards } = view;
  return withPageNumber(
    pageMeta(args, {
      title: pageTitle(`${set.name} singles`, cards.page),
      description: `${set.name}${set.seriesName ? ` (${set.seriesName})` : ""}: ${listedCount} ${listedCount === 1 ? "card" : "cards"} listed, in number order with conditions, prices and stock.`,
    }),
    cards.page,
  );
};

export default function SetRoute({ loaderData }: Route.ComponentProps) {
  return <SetPage view={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CatalogueError error={error} notFoundTitle="Set not found" />;
}

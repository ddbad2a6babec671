import { listSets } from "~/modules/catalog/set-pages.server";
import { SetsIndexPage } from "~/components/sets/sets-index";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/sets";

/** GET /sets — every set the shop lists singles of, grouped by series, newest first. */
export async function loader({ context }: Route.LoaderArgs) {
  return { series: await listSets(context.db) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Card sets",
    description: "Pokémon TCG singles by set, newest first: every card in number order with its conditions, prices and stock.",
  });

export default function SetsRoute({ loaderData }: Route.ComponentProps) {
  return <SetsIndexPage series={loaderData.series} />;
}

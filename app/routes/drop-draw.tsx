import { data } from "react-router";
import { CatalogueError } from "~/components/catalogue/catalogue-error";
import { DrawVerificationPage } from "~/components/drops/draw-verification";
import { runDrawIfDue } from "~/modules/drops/draw.server";
import { drawVerification } from "~/modules/drops/draw-pages.server";
import { parseDbId } from "~/utils/db-id";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/drop-draw";

/**
 * GET /drops/:id/draw — the public check of a free draw (decision 0047 "Draw"): the seed, the
 * entry ids in the order drawn with their ranks (a page of them at a time: `?page=`), how to
 * recompute it. No names or emails. A draw that is due runs here too (the job would run it within
 * seconds), so the page is never behind; otherwise a view only reads (settling winners is the
 * job's and the admin page's), and the order drawn is read once and then kept in memory.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const dropId = parseDbId(params.id);
  if (!dropId) throw data("Draw not found", { status: 404 });
  // A long draw is shown a page at a time (`?page=`); a page that does not exist is not found.
  const page = new URL(request.url).searchParams.get("page");
  // A hidden product's draw is unknown here, and a page view never runs it.
  const before = await drawVerification(context.db, dropId, page);
  if (!before) throw data("Draw not found", { status: 404 });
  if (before.drawnAt) return { view: before };
  await runDrawIfDue(context.db, dropId, new Date(), { brand: { shopName: context.shop.name, publicUrl: context.env.publicUrl } });
  return { view: (await drawVerification(context.db, dropId, page)) ?? before };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData
      ? `The draw for ${args.loaderData.view.productName}${args.loaderData.view.pages > 1 ? ` (page ${args.loaderData.view.page} of ${args.loaderData.view.pages})` : ""}`
      : "Draw not found",
    description: "How a free draw was made: its recorded seed and the order drawn, to check for yourself.",
    noindex: !args.loaderData,
  });

export default function DropDrawRoute({ loaderData }: Route.ComponentProps) {
  return <DrawVerificationPage view={loaderData.view} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CatalogueError error={error} notFoundTitle="Draw not found" />;
}

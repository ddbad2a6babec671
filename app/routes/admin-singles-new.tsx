import { data, redirect } from "react-router";
import { AdminErrorPage } from "~/components/admin/admin-error";
import { ListSinglePage } from "~/components/admin/singles/list-single-page";
import { normaliseSearchQuery } from "~/modules/catalog/search-query";
import { LIST_MESSAGES, parseListForm, type ListFormRefusal } from "~/modules/catalog/singles";
import { getSingleListing, listedNotice, listSingle, searchCards } from "~/modules/catalog/singles.server";
import { suggestListingPrices } from "~/modules/market/suggestions.server";
import { requireAdmin } from "~/web/auth.server";
import { parseDbId } from "~/utils/db-id";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/admin-singles-new";

/**
 * /admin/singles/new — "add single": search the card database (GET ?q=), pick a card (?card=),
 * tick conditions × printings with quantities and prices, list (POST). A listing sends the admin
 * back to the search (?listed=) with a notice naming the card, ready for the next one.
 */
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.listing ? `List ${args.loaderData.listing.card.title}` : "List a single", description: "Add singles from the card database.", noindex: true });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  // Session, then role, on every request.
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const query = normaliseSearchQuery(url.searchParams.get("q") ?? "");
  const cardId = parseDbId(url.searchParams.get("card"));
  const listedId = parseDbId(url.searchParams.get("listed"));
  // Each row's suggested price: the latest market figure through the shop's pricing rules.
  const listing = cardId === null ? null : await getSingleListing(context.db, cardId, { suggestPrices: suggestListingPrices });
  if (cardId !== null && !listing) throw data(LIST_MESSAGES.cardMissing, { status: 404 });
  return {
    query,
    results: query && !listing ? await searchCards(context.db, query) : null,
    listing,
    listed: listedId === null ? null : await listedNotice(context.db, listedId),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  // Checked again here: a form post is a request of its own.
  const admin = await requireAdmin(request, context);
  const body = await request.formData().catch(() => null);
  if (!body) return data<ListFormRefusal>({ ok: false, message: LIST_MESSAGES.resend, rowErrors: {}, values: {} }, { status: 400 });
  const parsed = parseListForm((name) => {
    const value = body.get(name);
    return typeof value === "string" ? value : undefined;
  });
  if (!parsed.ok) return data<ListFormRefusal>(parsed, { status: 400 });
  const result = await listSingle(context.db, admin, parsed.input);
  if (!result.ok) {
    return data<ListFormRefusal>({ ok: false, message: result.message, field: result.field, rowErrors: result.rowErrors, values: parsed.values }, { status: result.status });
  }
  // Back to the search for the next card, with a notice naming this one.
  return redirect(`/admin/singles/new?listed=${result.productId}`);
}

export default function AdminSinglesNew({ loaderData, actionData }: Route.ComponentProps) {
  return <ListSinglePage {...loaderData} refusal={actionData as ListFormRefusal | undefined} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} fallback="Sorry, the listing page could not be loaded. Please try again in a moment." />;
}

import { StoreCreditPage } from "~/components/account/store-credit-page";
import { creditBalance, creditHistoryPage } from "~/modules/credit/ledger.server";
import { parseDbId } from "~/utils/db-id";
import { pageMeta } from "~/utils/seo";
import { requireUser } from "~/web/auth.server";
import type { Route } from "./+types/account-store-credit";

const PAGE_SIZE = 50;

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Store credit", description: "Your store credit and its history.", noindex: true });

/** The signed-in customer's own balance and ledger (the id is the session's, never the URL's). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const before = parseDbId(new URL(request.url).searchParams.get("before") ?? "");
  const [balance, page] = await Promise.all([creditBalance(context.db, user.id), creditHistoryPage(context.db, user.id, PAGE_SIZE, before)]);
  return { view: { balance, ...page, paged: before !== null } };
}

export default function AccountStoreCredit({ loaderData }: Route.ComponentProps) {
  return <StoreCreditPage view={loaderData.view} />;
}

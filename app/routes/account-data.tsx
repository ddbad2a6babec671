import { data, redirect } from "react-router";
import { z } from "zod";
import { YourDataPage } from "~/components/account/your-data-page";
import { accountData } from "~/modules/accounts/erasure.server";
import { PASSWORD_MAX_LENGTH } from "~/modules/accounts/policy";
import { hasRunningSubscription } from "~/modules/membership/subscription-summary.server";
import { countOpenSubmissions } from "~/modules/buylist/customer-data.server";
import { countOpenOrders, countOrders } from "~/modules/orders/customer-data.server";
import { eraseCustomerAccount } from "~/modules/privacy/customer-data.server";
import { pageMeta } from "~/utils/seo";
import { requireUser } from "~/web/auth.server";
import { clearSessionCookie, isSecureContext } from "~/web/session-cookie.server";
import type { Route } from "./+types/account-data";
import { privatePageHeaders } from "~/web/retry-after";

const NO_STORE = { "Cache-Control": "private, no-store" };
const eraseSchema = z.object({ intent: z.literal("erase"), password: z.string().min(1).max(PASSWORD_MAX_LENGTH) });

/** GET /account/data — the signed-in customer's own data: download, or erase the account. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const [account, orderCount, openOrders, runningSubscription, openSellLists] = await Promise.all([
    accountData(context.db, user.id),
    countOrders(context.db, user.id),
    countOpenOrders(context.db, user.id),
    hasRunningSubscription(context.db, user.id),
    countOpenSubmissions(context.db, user.id),
  ]);
  if (!account) throw data("Your account could not be found.", { status: 404 });
  return data({ view: { email: account.email, emailVerified: account.emailVerified, orderCount, openOrders, runningSubscription, openSellLists } }, { headers: NO_STORE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const parsed = eraseSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: "Please enter your password to confirm." }, { status: 400, headers: NO_STORE });
  const result = await eraseCustomerAccount(context.db, user.id, parsed.data.password);
  if (!result.ok) {
    const headers: Record<string, string> = { ...NO_STORE };
    if (result.retryAfterSeconds) headers["Retry-After"] = String(result.retryAfterSeconds);
    return data({ error: result.message }, { status: result.status, headers });
  }
  return redirect("/account/erased", { headers: { "Set-Cookie": clearSessionCookie({ secure: isSecureContext(context) }) } });
}

// Personal, and a refusal's Retry-After reaches plain form posts too.
export const headers: Route.HeadersFunction = privatePageHeaders;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Your data", description: "Download your data or delete your account.", noindex: true });

export default function AccountData({ loaderData, actionData }: Route.ComponentProps) {
  return <YourDataPage view={loaderData.view} error={actionData?.error} />;
}

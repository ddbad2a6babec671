import { data, redirect } from "react-router";
import { z } from "zod";
import { ProPage, type ProActionData } from "~/components/membership/pro-page";
import { PLAN_TYPES, proPlans, quarterlySaving, type ProPlanType } from "~/modules/membership/plans";
import {
  confirmSubscriptionCheckout,
  getMembershipSummary,
  openBillingPortal,
  startSubscription,
  type ConfirmResult,
} from "~/modules/membership/subscriptions.server";
import { memberPriceExamples } from "~/modules/catalog/queries.server";
import { getCurrentUser } from "~/web/auth.server";
import { paymentsFor } from "~/web/payments.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/pro";

const PRIVATE = { "Cache-Control": "private, no-store" };
const LOGIN_PATH = `/login?redirectTo=${encodeURIComponent("/pro")}`;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Nearmint Pro membership",
    description: "Pro members pay member prices on every product marked PRO. Monthly or quarterly, cancel any time.",
  });

const sessionIdSchema = z.string().min(1).max(255).regex(/^[A-Za-z0-9_]+$/);

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const user = await getCurrentUser(request, context);
  const provider = paymentsFor(context).provider;

  // Back from the provider's page: apply the sign-up now rather than wait for its event.
  let welcome: ConfirmResult["status"] | null = null;
  const sessionId = sessionIdSchema.safeParse(url.searchParams.get("session_id"));
  if (sessionId.success && user) {
    welcome = (await confirmSubscriptionCheckout(context.db, provider, sessionId.data, user.id, new Date(), { shopName: context.shop.name })).status;
  }

  const prices: Record<ProPlanType, number> = {
    monthly: context.env.PRO_MONTHLY_PRICE_PENCE,
    quarterly: context.env.PRO_QUARTERLY_PRICE_PENCE,
  };
  const [membership, examples] = await Promise.all([
    user ? getMembershipSummary(context.db, user.id, provider.name) : null,
    memberPriceExamples(context.db),
  ]);
  return data(
    {
      signedIn: user !== null,
      plans: proPlans(prices),
      quarterlySaving: quarterlySaving(prices),
      membership,
      examples,
      welcome: welcome === "not_found" ? null : welcome,
      cancelled: url.searchParams.get("cancelled") === "1",
      // One token per page view: a double-click opens one sign-up session, a new visit a new one.
      attempt: crypto.randomUUID(),
    },
    { headers: PRIVATE },
  );
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("subscribe"), plan: z.enum(PLAN_TYPES), attempt: z.uuid() }),
  z.object({ intent: z.literal("manage") }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const parsed = actionSchema.safeParse(form);
  if (!parsed.success) {
    return data<ProActionData>(
      { intent: null, plan: null, error: "Please choose the monthly or the quarterly plan and try again." },
      { status: 400, headers: PRIVATE },
    );
  }
  const user = await getCurrentUser(request, context);
  const provider = paymentsFor(context).provider;
  const config = { publicUrl: context.env.publicUrl };
  const result =
    parsed.data.intent === "subscribe"
      ? await startSubscription(context.db, provider, { user, planType: parsed.data.plan, attempt: parsed.data.attempt }, config)
      : await openBillingPortal(context.db, provider, { userId: user?.id ?? null }, config);
  if (result.ok) return redirect(result.url, { headers: PRIVATE });
  // "User not authenticated": sign in, then come back here to subscribe.
  if (result.code === "unauthenticated") return redirect(LOGIN_PATH, { headers: PRIVATE });
  return data<ProActionData>(
    { intent: parsed.data.intent, plan: parsed.data.intent === "subscribe" ? parsed.data.plan : null, error: result.message },
    { status: result.status, headers: PRIVATE },
  );
}

export default function Pro({ loaderData, actionData }: Route.ComponentProps) {
  return <ProPage {...loaderData} actionData={actionData} loginPath={LOGIN_PATH} />;
}

import { data } from "react-router";
import { UnsubscribePage } from "~/components/preorders/unsubscribe-page";
import { ALERT_TEXT } from "~/modules/preorders/alert-rules";
import { alertByToken, unsubscribeByToken } from "~/modules/preorders/alerts.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/alert-unsubscribe";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Stop availability emails", description: "Stop availability emails.", noindex: true });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" });

/**
 * GET /alerts/:token — the unsubscribe link of an availability email. Opening it changes nothing
 * (mail scanners open links); the button on the page (a POST) stops every waiting alert of that
 * customer. The token is the key: no sign-in needed.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const alert = await alertByToken(context.db, params.token);
  if (!alert) throw data(ALERT_TEXT.badLink, { status: 404 });
  return { alert, done: null as string | null };
}

export async function action({ params, context }: Route.ActionArgs) {
  const result = await unsubscribeByToken(context.db, params.token);
  if (!result.ok) throw data(ALERT_TEXT.badLink, { status: 404 });
  return { done: ALERT_TEXT.unsubscribed(result.cancelled) };
}

export default function AlertUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return <UnsubscribePage productName={loaderData.alert.productName} waiting={loaderData.alert.waiting} done={actionData?.done ?? null} />;
}

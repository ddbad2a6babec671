import { redirect } from "react-router";
import { alertFormSchema } from "~/modules/preorders/alert-form";
import { ALERT_TEXT } from "~/modules/preorders/alert-rules";
import { alertProductSlug, cancelAlert, subscribeAlert } from "~/modules/preorders/alerts.server";
import { getCurrentUser } from "~/web/auth.server";
import type { Route } from "./+types/alerts";

const plain = (text: string, status: number) => new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** Nothing to show here: the forms live on product pages. */
export function loader() {
  return redirect("/");
}

/**
 * POST /alerts — "Email me when it's available" (intent=subscribe) or stop it (intent=cancel) for
 * the signed-in customer; back to the product page (its real slug, looked up from the id) with the
 * answer in `?alert=`. A guest is asked to sign in first (and comes back to the product).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await request.formData().catch(() => null);
  const parsed = alertFormSchema.safeParse(body ? Object.fromEntries([...body].filter(([, v]) => typeof v === "string")) : {});
  if (!parsed.success) return plain(ALERT_TEXT.resend, 400);
  const { intent, productId } = parsed.data;
  // Only "not signed in" means the login page; any other failure (the database down) is an error.
  const user = await getCurrentUser(request, context);
  if (!user) {
    const slug = await alertProductSlug(context.db, productId);
    if (slug === null) return plain(ALERT_TEXT.notFound, 404);
    throw redirect(`/login?redirectTo=${encodeURIComponent(`/products/${slug}`)}`);
  }
  const result = intent === "subscribe" ? await subscribeAlert(context.db, user, productId) : await cancelAlert(context.db, user.id, productId);
  if (!result.ok) {
    if (result.status === 404) return plain(result.message, 404);
    return redirect(`/products/${result.slug}?alert=${result.answer}#alert`);
  }
  return redirect(`/products/${result.slug}?alert=${intent === "subscribe" ? "subscribed" : "cancelled"}#alert`);
}

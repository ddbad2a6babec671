import { data } from "react-router";
import { AdminErrorPage } from "~/components/admin/admin-error";
import { BuylistSettingsPageView } from "~/components/admin/buylist/settings-page";
import { BUYLIST_ADMIN_TEXT, parseSettingsForm, removeCardSchema, type SettingsActionResult, wantedCardSchema } from "~/modules/buylist/admin";
import { formValues } from "~/modules/buylist/admin-actions.server";
import { loadBuylistSettingsPage, removeWantedCard, saveSettings, saveWantedCard } from "~/modules/buylist/admin-settings.server";
import { normaliseSearchQuery } from "~/modules/catalog/search-query";
import { requireAdmin } from "~/web/auth.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/admin-buylist-settings";

/** /admin/buylist/settings — buy rates, credit bonus, limits, and the cards wanted (with the hot-list). */
export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Buylist settings", description: "Buy rates, credit bonus and wanted cards.", noindex: true });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  // Session, then role, on every request.
  await requireAdmin(request, context);
  const query = normaliseSearchQuery(new URL(request.url).searchParams.get("q") ?? "");
  return loadBuylistSettingsPage(context.db, query);
}

const answer = (result: SettingsActionResult, status = 200) => data<SettingsActionResult>(result, { status });

export async function action({ request, context }: Route.ActionArgs) {
  // Checked again here: a form post is a request of its own.
  const admin = await requireAdmin(request, context);
  const form = await request.formData().catch(() => null);
  if (!form) return answer({ ok: false, intent: null, message: BUYLIST_ADMIN_TEXT.resend }, 400);
  const values = formValues(form);
  const cardId = Number(values.cardId);
  const postedCard = Number.isSafeInteger(cardId) && cardId > 0 ? cardId : undefined;

  switch (values.intent) {
    case "save-settings": {
      const parsed = parseSettingsForm((name) => values[name]);
      if (!parsed.ok) return answer({ ok: false, intent: "save-settings", message: BUYLIST_ADMIN_TEXT.settingsInvalid, errors: parsed.errors, values: parsed.values }, 400);
      await saveSettings(context.db, admin.id, parsed.settings);
      return answer({ ok: true, intent: "save-settings", message: BUYLIST_ADMIN_TEXT.settingsSaved });
    }
    case "save-card": {
      const parsed = wantedCardSchema.safeParse(values);
      if (!parsed.success) {
        const errors: Record<string, string> = {};
        for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
        return answer({ ok: false, intent: "save-card", cardId: postedCard, message: parsed.error.issues[0]!.message, errors, values }, 400);
      }
      if (!(await saveWantedCard(context.db, admin.id, parsed.data))) return answer({ ok: false, intent: "save-card", cardId: postedCard, message: BUYLIST_ADMIN_TEXT.cardMissing, values }, 404);
      return answer({ ok: true, intent: "save-card", cardId: parsed.data.cardId, message: BUYLIST_ADMIN_TEXT.cardSaved });
    }
    case "remove-card": {
      const parsed = removeCardSchema.safeParse(values);
      if (!parsed.success || !(await removeWantedCard(context.db, admin.id, parsed.data.cardId))) {
        return answer({ ok: false, intent: "remove-card", cardId: postedCard, message: BUYLIST_ADMIN_TEXT.cardRowMissing }, 404);
      }
      return answer({ ok: true, intent: "remove-card", cardId: parsed.data.cardId, message: BUYLIST_ADMIN_TEXT.cardRemoved });
    }
  }
  return answer({ ok: false, intent: null, message: BUYLIST_ADMIN_TEXT.unknownIntent }, 400);
}

export default function AdminBuylistSettings({ loaderData, actionData }: Route.ComponentProps) {
  return <BuylistSettingsPageView data={loaderData} result={actionData as SettingsActionResult | undefined} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} fallback="Sorry, the buylist settings could not be loaded. Please try again in a moment." />;
}

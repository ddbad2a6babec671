import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { AdminErrorPage } from "~/components/admin/admin-error";
import { PricingPage } from "~/components/admin/pricing/pricing-page";
import { parsePage } from "~/modules/catalog/paging";
import { loadPricingPage } from "~/modules/market/admin.server";
import { parseRulesForm } from "~/modules/market/pricing-rules";
import { applyInputSchema, pinInputSchema, PRICING_MESSAGES, type PricingActionResult } from "~/modules/market/repricing";
import { applyRepricing, setVariantPinned } from "~/modules/market/repricing.server";
import { savePricingRules } from "~/modules/market/rules.server";
import { requireAdmin } from "~/web/auth.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/admin-pricing";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Pricing", description: "Market price guides, pricing rules, and repricing singles.", noindex: true });

/** Admin-only data: never kept by a shared cache or the browser's back-forward cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  // Session, then role, on every request: the page and its data are admin-only.
  await requireAdmin(request, context);
  return loadPricingPage(context.db, { page: parsePage(new URL(request.url)) });
}

const answer = (result: PricingActionResult, status = 200) => data<PricingActionResult>(result, { status });

export async function action({ request, context }: Route.ActionArgs) {
  // Checked again here: a form post is a request of its own, whatever page it came from.
  const admin = await requireAdmin(request, context);
  const body = await request.formData().catch(() => null);
  if (!body) return answer({ intent: null, ok: false, message: PRICING_MESSAGES.resend }, 400);
  const form = Object.fromEntries(body);

  switch (form.intent) {
    case "save-rules": {
      const parsed = parseRulesForm(form);
      if (!parsed.ok) return answer({ intent: "save-rules", ok: false, message: PRICING_MESSAGES.rulesInvalid, errors: parsed.errors, values: parsed.values }, 400);
      await savePricingRules(context.db, admin.id, parsed.rules);
      return answer({ intent: "save-rules", ok: true, message: PRICING_MESSAGES.rulesSaved });
    }
    case "apply": {
      const parsed = applyInputSchema.safeParse(form);
      if (!parsed.success) return answer({ intent: "apply", ok: false, message: parsed.error.issues[0]!.message }, 400);
      const outcome = await applyRepricing(context.db, admin.id, parsed.data.fingerprint);
      switch (outcome.status) {
        case "applied":
          return answer({ intent: "apply", ok: true, message: PRICING_MESSAGES.applied(outcome.changed, outcome.skippedHeld) });
        case "stale":
          return answer({ intent: "apply", ok: false, message: PRICING_MESSAGES.stale }, 409);
        case "nothing_to_apply":
          return answer({ intent: "apply", ok: false, message: PRICING_MESSAGES.nothingToApply }, 409);
        case "no_guide":
          return answer({ intent: "apply", ok: false, message: PRICING_MESSAGES.noGuide }, 409);
      }
      break;
    }
    case "pin":
    case "unpin": {
      const parsed = pinInputSchema.safeParse(form);
      if (!parsed.success) return answer({ intent: form.intent, ok: false, message: parsed.error.issues[0]!.message }, 400);
      const { intent, variantId } = parsed.data;
      const outcome = await setVariantPinned(context.db, admin.id, variantId, intent === "pin");
      if (outcome.status === "not_found") return answer({ intent, ok: false, message: PRICING_MESSAGES.variantNotFound, variantId }, 404);
      return answer({ intent, ok: true, message: PRICING_MESSAGES[intent === "pin" ? "pinned" : "unpinned"], variantId });
    }
  }
  return answer({ intent: null, ok: false, message: PRICING_MESSAGES.unknownIntent }, 400);
}

/** A refused apply (the plan moved under the admin) reloads the preview, so it shows what is true now. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionStatus === 404 || actionStatus === 409) return true;
  return defaultShouldRevalidate;
}

export default function AdminPricing({ loaderData, actionData }: Route.ComponentProps) {
  return <PricingPage data={loaderData} result={actionData as PricingActionResult | undefined} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} fallback="Sorry, the pricing screen could not be loaded. Please try again in a moment." />;
}

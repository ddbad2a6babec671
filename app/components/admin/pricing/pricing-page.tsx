import { ShopDateTime } from "~/components/ui/format-date";
import { Link } from "react-router";
import { FormError, FormNotice } from "~/components/ui/form-message";
import { rulesToForm } from "~/modules/market/pricing-rules";
import type { PricingActionResult, PricingPageData } from "~/modules/market/repricing";
import { GuidesSection } from "./guides-section";
import { PreviewSection } from "./preview-section";
import { RulesForm } from "./rules-form";

/**
 * /admin/pricing: singles priced from the market. The guides prices come from, the owner's rules,
 * the preview of every change, and Apply. The outcome of the last action is shown at the top.
 */
export function PricingPage({ data, result }: { data: PricingPageData; result?: PricingActionResult }) {
  const { preview, guides, rulesSaved, lastRun } = data;
  const refusedRules = result && result.intent === "save-rules" && !result.ok ? result : undefined;
  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Pricing</h1>
          <p className="mt-1 text-slate-600">
            Singles priced from the market, in pounds.
            {lastRun && (
              <>
                {" "}
                Last applied <ShopDateTime value={lastRun.appliedAt} />: {lastRun.changedCount.toLocaleString("en-GB")} changed.
              </>
            )}
          </p>
        </div>
        <Link to="/admin" className="text-sm font-medium text-amber-800 underline underline-offset-2">
          Admin home
        </Link>
      </div>

      {result && (
        <div data-testid="pricing-result">{result.ok ? <FormNotice>{result.message}</FormNotice> : <FormError>{result.message}</FormError>}</div>
      )}

      <GuidesSection guides={guides} />
      <RulesForm values={refusedRules ? refusedRules.values : rulesToForm(preview.rules)} errors={refusedRules?.errors} saved={rulesSaved} />
      <PreviewSection preview={preview} />
    </div>
  );
}

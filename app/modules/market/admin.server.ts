/** The admin pricing screen's data in one call (the route's loader calls this). */
import type { Db } from "~/db/client.server";
import type { PricingPageData } from "./repricing";
import { lastRun, listGuides, previewRepricing } from "./repricing.server";
import { loadPricingRules } from "./rules.server";

export async function loadPricingPage(db: Db, options: { page: number }): Promise<PricingPageData> {
  const [preview, guides, stored, run] = await Promise.all([previewRepricing(db, { page: options.page }), listGuides(db), loadPricingRules(db), lastRun(db)]);
  return {
    preview,
    guides,
    rulesSaved: stored.saved,
    rulesUpdatedAt: stored.updatedAt,
    lastRun: run && { id: run.id, appliedAt: run.appliedAt, changedCount: run.changedCount, skippedHeldCount: run.skippedHeldCount },
  };
}

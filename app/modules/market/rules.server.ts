/**
 * The owner's pricing rules as stored: one row of `pricing_rules` (id 1), checked by the schema
 * in pricing-rules.ts (their one home); the defaults apply while there is none.
 */
import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { pricingRules } from "~/db/schema";
import { recordAudit } from "~/modules/audit/audit-log.server";
import { pricingRulesSchema, rulesFromStored, type PricingRules } from "./pricing-rules";

const RULES_ROW = 1;

export interface StoredRules {
  rules: PricingRules;
  /** False while the defaults apply (nothing saved yet). */
  saved: boolean;
  updatedAt: Date | null;
}

export async function loadPricingRules(db: Db | Tx): Promise<StoredRules> {
  const [row] = await db.select().from(pricingRules).where(eq(pricingRules.id, RULES_ROW));
  if (!row) return { rules: rulesFromStored(null), saved: false, updatedAt: null };
  return { rules: rulesFromStored(row.rules), saved: true, updatedAt: row.updatedAt };
}

/** Saves the rules (checked again here: this is the last step before the database) and records who did. */
export async function savePricingRules(db: Db, adminId: string, rules: PricingRules): Promise<PricingRules> {
  const checked = pricingRulesSchema.parse(rules);
  await db.transaction(async (tx) => {
    const before = await loadPricingRules(tx);
    await tx
      .insert(pricingRules)
      .values({ id: RULES_ROW, rules: checked, updatedBy: adminId })
      .onConflictDoUpdate({ target: pricingRules.id, set: { rules: checked, updatedBy: adminId, updatedAt: sql`now()` } });
    await recordAudit(tx, {
      actorUserId: adminId,
      action: "pricing.rules_saved",
      entityType: "pricing_rules",
      entityId: String(RULES_ROW),
      details: { before: before.saved ? before.rules : null, after: checked },
    });
  });
  return checked;
}

/**
 * The buylist settings as stored: one row of `buylist_settings` (id 1), checked by the schema in
 * settings.ts (their one home); the defaults apply while there is none.
 */
import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { buylistSettings } from "~/db/schema";
import { recordAudit } from "~/modules/audit/audit-log.server";
import { buylistSettingsFromStored, buylistSettingsSchema, type BuylistSettings } from "./settings";

const SETTINGS_ROW = 1;

export async function loadBuylistSettings(db: Db | Tx): Promise<BuylistSettings> {
  const [row] = await db.select({ settings: buylistSettings.settings }).from(buylistSettings).where(eq(buylistSettings.id, SETTINGS_ROW));
  return buylistSettingsFromStored(row?.settings ?? null);
}

/**
 * Saves the settings (checked again: the last step before the database) and records the change
 * in the audit log with before and after, so the caller need not. Run it in the caller's
 * transaction.
 */
export async function saveBuylistSettings(tx: Db | Tx, settings: BuylistSettings, adminId: string): Promise<{ before: BuylistSettings; after: BuylistSettings }> {
  const after = buylistSettingsSchema.parse(settings);
  const before = await loadBuylistSettings(tx);
  await tx
    .insert(buylistSettings)
    .values({ id: SETTINGS_ROW, settings: after, updatedBy: adminId })
    .onConflictDoUpdate({ target: buylistSettings.id, set: { settings: after, updatedBy: adminId, updatedAt: sql`now()` } });
  await recordAudit(tx, {
    actorUserId: adminId,
    action: "buylist.settings_saved",
    entityType: "buylist_settings",
    entityId: String(SETTINGS_ROW),
    details: { before, after },
  });
  return { before, after };
}

/**
 * The prepaid postage label the shop attaches to a sell list whose quote is at or over the
 * settings' threshold (spec: "a prepaid label over £150"). The admin uploads it (PDF, PNG or
 * JPEG, at most 5 MB, recognised by its content: `sniffLabelType`); it is kept in the MediaStore
 * under a private key ("buylist-labels/<random>.<ext>", which no public media route serves) and
 * the owner downloads it through the customer's sell-list pages. A new label replaces the old one.
 */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { buylistSubmissions } from "~/db/schema";
import { recordAudit } from "~/modules/audit/audit-log.server";
import type { MediaStore, StoredMedia } from "~/modules/media/storage";
import { LABEL_CONTENT_TYPES, LABEL_REFUSALS, LABEL_MAX_BYTES, type LabelRefusal, safeLabelFileName, sniffLabelType } from "./admin";
import { buylistAuditEntry, type AdminOutcome, BuylistRefusal, isOwnSellList, lockForAdmin, lockSubmission, refusing } from "./admin-submission.server";
import { loadBuylistSettings } from "./settings.server";
import type { BuylistStatus } from "./status";

/** While a label is useful: the quote is out or accepted, and the parcel is not in yet. */
export const LABEL_STATUSES: readonly BuylistStatus[] = ["quoted", "accepted", "shipped"];

export function labelKeyFor(ext: string): string {
  return `buylist-labels/${randomBytes(16).toString("hex")}.${ext}`;
}

export type LabelOutcome = { ok: true; fileName: string } | { ok: false; status: 400 | 403 | 404 | 409 | 413; refusal: LabelRefusal };

/**
 * Checks and stores the label, then points the submission at it (the old file is deleted once
 * the row no longer names it). The bytes are written before the transaction: a refusal inside it
 * deletes them again.
 */
export async function attachLabel(db: Db, store: MediaStore, adminId: string, id: number, file: File | null): Promise<LabelOutcome> {
  if (!file || (file.size === 0 && file.name === "")) return { ok: false, status: 400, refusal: "none" };
  if (file.size > LABEL_MAX_BYTES) return { ok: false, status: 413, refusal: "tooLarge" };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffLabelType(bytes);
  if (!type) return { ok: false, status: 400, refusal: "type" };
  const key = labelKeyFor(type === "jpeg" ? "jpg" : type);
  const fileName = safeLabelFileName(file.name, type);
  await store.put(key, bytes, LABEL_CONTENT_TYPES[type]);
  let oldKey: string | null = null;
  const outcome = await db.transaction(async (tx): Promise<LabelOutcome> => {
    const submission = await lockSubmission(tx, id);
    if (!submission) return { ok: false, status: 404, refusal: "missing" };
    if (isOwnSellList(submission, adminId)) return { ok: false, status: 403, refusal: "ownList" };
    if (!LABEL_STATUSES.includes(submission.status)) return { ok: false, status: 409, refusal: "notNow" };
    const settings = await loadBuylistSettings(tx);
    if ((submission.quotedCash ?? 0) < settings.prepaidLabelThresholdPence) return { ok: false, status: 409, refusal: "underThreshold" };
    oldKey = submission.labelKey;
    await tx
      .update(buylistSubmissions)
      .set({ labelKey: key, labelContentType: LABEL_CONTENT_TYPES[type], labelFileName: fileName, updatedAt: sql`now()` })
      .where(eq(buylistSubmissions.id, id));
    await recordAudit(
      tx,
      buylistAuditEntry(adminId, id, "label_attached", {
        before: { labelFileName: submission.labelFileName },
        after: { labelFileName: fileName, contentType: LABEL_CONTENT_TYPES[type], bytes: bytes.length },
      }),
    );
    return { ok: true, fileName };
  });
  if (!outcome.ok) await store.delete(key);
  else if (oldKey) await store.delete(oldKey);
  return outcome;
}

export async function removeLabel(db: Db, store: MediaStore, adminId: string, id: number): Promise<AdminOutcome> {
  let oldKey: string | null = null;
  const outcome = await refusing(() =>
    db.transaction(async (tx) => {
      const submission = await lockForAdmin(tx, id, adminId);
      if (!submission.labelKey) return { ok: true as const };
      if (!LABEL_STATUSES.includes(submission.status)) throw new BuylistRefusal({ ok: false, status: 409, message: LABEL_REFUSALS.notNow });
      oldKey = submission.labelKey;
      await tx.update(buylistSubmissions).set({ labelKey: null, labelContentType: null, labelFileName: null, updatedAt: sql`now()` }).where(eq(buylistSubmissions.id, id));
      await recordAudit(tx, buylistAuditEntry(adminId, id, "label_removed", { before: { labelFileName: submission.labelFileName }, after: { labelFileName: null } }));
      return { ok: true as const };
    }),
  );
  if (outcome.ok && oldKey) await store.delete(oldKey);
  return outcome;
}

/** The label file for the admin's own look at it; null when there is none. */
export async function labelForAdmin(db: Db, store: MediaStore, id: number): Promise<{ media: StoredMedia; fileName: string } | null> {
  const [row] = await db
    .select({ key: buylistSubmissions.labelKey, fileName: buylistSubmissions.labelFileName })
    .from(buylistSubmissions)
    .where(eq(buylistSubmissions.id, id));
  if (!row?.key) return null;
  const media = await store.get(row.key);
  return media ? { media, fileName: row.fileName ?? "label" } : null;
}

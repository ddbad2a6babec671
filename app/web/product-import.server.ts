/**
 * The products CSV import's form, read the same way by the page (/admin/products/import, plain
 * form posts, no JavaScript needed) and by the upload endpoint the page's progress bar talks to
 * (/admin/products/import/check): intent `dry-run` with a `file` (or the `payload` of an earlier
 * dry run, to check it again), intent `apply` with `payload`, `fingerprint` and `fileName`.
 */
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { CSV_MESSAGES, type DryRun, type ImportActionResult } from "~/modules/catalog/product-csv";
import { applyImport, cleanFileName, decodePayload, decodeUpload, dryRunImport } from "~/modules/catalog/product-csv-import.server";

const applySchema = z.object({
  intent: z.literal("apply"),
  payload: z.string().min(1).max(8 * 1024 * 1024),
  fingerprint: z.string().regex(/^[0-9a-f]{64}$/),
  fileName: z.string().max(1000).default(""),
});

export interface ImportAnswer {
  status: number;
  result: ImportActionResult;
}

export async function handleImportForm(db: Db, admin: { id: string }, form: FormData): Promise<ImportAnswer> {
  const intent = form.get("intent");
  if (intent === "apply") {
    const parsed = applySchema.safeParse(Object.fromEntries([...form].filter(([, v]) => typeof v === "string")));
    if (!parsed.success) return { status: 400, result: { intent: "apply", ok: false, message: CSV_MESSAGES.resend } };
    const outcome = await applyImport(db, admin, parsed.data);
    switch (outcome.status) {
      case "applied":
        return { status: 200, result: { intent: "apply", ok: true, applied: outcome.counts, fileName: cleanFileName(parsed.data.fileName) } };
      case "stale":
        return { status: 409, result: { intent: "apply", ok: false, message: CSV_MESSAGES.stale, dryRun: outcome.dryRun } };
      case "invalid":
        return { status: 400, result: { intent: "apply", ok: false, message: CSV_MESSAGES.hasErrors, dryRun: outcome.dryRun } };
      case "nothing_to_apply":
        return { status: 409, result: { intent: "apply", ok: false, message: CSV_MESSAGES.nothingToApply, dryRun: outcome.dryRun } };
      case "bad_payload":
        return { status: 400, result: { intent: "apply", ok: false, message: CSV_MESSAGES.resend } };
    }
  }
  if (intent !== "dry-run") return { status: 400, result: { intent: "dry-run", ok: false, message: CSV_MESSAGES.noFile } };

  // Checking again from the payload of an earlier dry run (after a stale apply): no re-upload.
  const payload = form.get("payload");
  if (typeof payload === "string" && payload) {
    const text = decodePayload(payload);
    if (text === null) return { status: 400, result: { intent: "dry-run", ok: false, message: CSV_MESSAGES.resend } };
    const fileName = form.get("fileName");
    return dryRunAnswer(await dryRunImport(db, { name: typeof fileName === "string" ? fileName : "", text }));
  }
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return { status: 400, result: { intent: "dry-run", ok: false, message: CSV_MESSAGES.noFile } };
  const decoded = decodeUpload(new Uint8Array(await file.arrayBuffer()));
  if (!decoded.ok) return { status: decoded.message === CSV_MESSAGES.tooLarge ? 413 : 400, result: { intent: "dry-run", ok: false, message: decoded.message } };
  return dryRunAnswer(await dryRunImport(db, { name: file.name, text: decoded.text }));
}

/** A dry run is an answer either way; one that found errors in the file is a 422. */
function dryRunAnswer(dryRun: DryRun): ImportAnswer {
  return { status: dryRun.fingerprint === null ? 422 : 200, result: { intent: "dry-run", ok: true, dryRun } };
}

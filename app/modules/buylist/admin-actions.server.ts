/**
 * The submission page's form posts, one intent each: the form read by its schema (admin.ts), the
 * move made (admin-submission.server.ts, admin-payout.server.ts, admin-label.server.ts), and the
 * answer — a notice to redirect to, or a refusal with its status, message, field errors and what
 * was typed. The route only hands the form over and turns the answer into a response.
 */
import type { Db } from "~/db/client.server";
import type { MediaStore } from "~/modules/media/storage";
import type { z } from "zod";
import {
  BUYLIST_ADMIN_TEXT,
  gradeLineSchema,
  paySchema,
  rejectSchema,
  returnSchema,
  reviewLineSchema,
  SUBMISSION_INTENTS,
  type SubmissionActionResult,
  type SubmissionIntent,
  type SubmissionNotice,
} from "./admin";
import { removeLabel } from "./admin-label.server";
import { paySubmission } from "./admin-payout.server";
import { type AdminOutcome, finishGrading, gradeLine, markReceived, rejectSubmission, returnSubmission, reviewLine, sendQuote } from "./admin-submission.server";
import type { BuylistEmailBranding } from "./emails-admin.server";

export type SubmissionActionAnswer = { ok: true; notice: SubmissionNotice } | { ok: false; status: number; result: SubmissionActionResult };

/** Form fields as text (files and repeats dropped: none of these forms has them). */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && !(key in values)) values[key] = value.slice(0, 2000);
  return values;
}

export async function runSubmissionAction(
  db: Db,
  store: MediaStore,
  adminId: string,
  id: number,
  values: Record<string, string>,
  brand: BuylistEmailBranding,
): Promise<SubmissionActionAnswer> {
  const intent = (SUBMISSION_INTENTS as readonly string[]).includes(values.intent ?? "") ? (values.intent as SubmissionIntent) : null;
  const postedLine = Number(values.lineId);
  const lineId = Number.isSafeInteger(postedLine) && postedLine > 0 ? postedLine : undefined;
  const refuse = (status: number, message: string, errors?: Record<string, string>): SubmissionActionAnswer => ({
    ok: false,
    status,
    result: { ok: false, intent, lineId, message, errors, values },
  });
  const invalid = (error: z.ZodError) => {
    const errors: Record<string, string> = {};
    for (const issue of error.issues) {
      const field = String(issue.path[0] ?? "form");
      errors[field] ??= issue.message;
    }
    return refuse(400, error.issues[0]!.message, errors);
  };
  const answer = (outcome: AdminOutcome, notice: SubmissionNotice): SubmissionActionAnswer =>
    outcome.ok ? { ok: true, notice } : refuse(outcome.status, outcome.message, outcome.field ? { [outcome.field]: outcome.message } : undefined);

  switch (intent) {
    case "review-line": {
      const parsed = reviewLineSchema.safeParse(values);
      if (!parsed.success) return invalid(parsed.error);
      return answer(await reviewLine(db, adminId, id, parsed.data), "reviewed");
    }
    case "quote": {
      const outcome = await sendQuote(db, adminId, id, brand);
      return answer(outcome, outcome.ok && outcome.again ? "requoted" : "quoted");
    }
    case "reject": {
      const parsed = rejectSchema.safeParse(values);
      if (!parsed.success) return invalid(parsed.error);
      return answer(await rejectSubmission(db, adminId, id, parsed.data.reason, brand), "rejected");
    }
    case "receive":
      return answer(await markReceived(db, adminId, id), "received");
    case "grade-line": {
      const parsed = gradeLineSchema.safeParse(values);
      if (!parsed.success) return invalid(parsed.error);
      return answer(await gradeLine(db, adminId, id, parsed.data), "line-graded");
    }
    case "finish-grading":
      return answer(await finishGrading(db, adminId, id, brand), "graded");
    case "pay": {
      const parsed = paySchema.safeParse(values);
      if (!parsed.success) return invalid(parsed.error);
      const outcome = await paySubmission(db, adminId, id, parsed.data, brand);
      return answer(outcome, parsed.data.payout === "credit" ? "paid-credit" : "paid-cash");
    }
    case "return": {
      const parsed = returnSchema.safeParse(values);
      if (!parsed.success) return invalid(parsed.error);
      return answer(await returnSubmission(db, adminId, id, parsed.data.note, brand), "returned");
    }
    case "remove-label":
      return answer(await removeLabel(db, store, adminId, id), "label-removed");
    case null:
      return refuse(400, BUYLIST_ADMIN_TEXT.unknownIntent);
  }
}

import { Form } from "react-router";
import { FormError } from "~/components/ui/form-message";
import { type AdminLine, gradeExplanation, lineValues, type SubmissionActionResult } from "~/modules/buylist/admin";
import type { BuylistStatus } from "~/modules/buylist/status";
import { CONDITION_LABELS, CONDITIONS, PRINTING_LABELS } from "~/modules/catalog/variants";
import { formatPence, penceToPounds } from "~/utils/money";
import { FieldError, inputClass, secondaryButton } from "./parts";

const LINE_STATUS_LABELS = { offered: "Not reviewed", accepted: "Accepted", rejected: "Rejected" } as const;

/**
 * One line of a sell list: what the customer described and was offered, the review (and its form
 * while the quote can change), and the grading (and its form once the parcel is in).
 */
/** `editable` false (the admin's own sell list): the line as it stands, without its forms. */
export function LineCard({ line, status, result, editable = true }: { line: AdminLine; status: BuylistStatus; result?: SubmissionActionResult; editable?: boolean }) {
  const reviewing = editable && (status === "submitted" || status === "quoted");
  const grading = editable && status === "received" && line.status === "accepted";
  const showGrade = line.receivedQuantity !== null && ["received", "graded", "paid", "returned"].includes(status);
  const values = lineValues(line);
  const why = gradeExplanation(line);
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-line-id={line.id} data-testid="buylist-line">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{line.cardLabel}</p>
          <p className="text-sm text-slate-700">
            {line.quantity} × {PRINTING_LABELS[line.printing] ?? line.printing}, described as {CONDITION_LABELS[line.condition]} · offered{" "}
            <span className="tabular-nums">{formatPence(line.offeredUnit)}</span> each
          </p>
          {line.notBuyingLabel && <p className="text-sm text-slate-600">Not bought at submission: {line.notBuyingLabel}</p>}
        </div>
        <p className="text-sm">
          <span className={`font-semibold ${line.status === "accepted" ? "text-green-800" : line.status === "rejected" ? "text-red-800" : "text-slate-700"}`} data-testid="line-status">
            {LINE_STATUS_LABELS[line.status]}
          </span>
          {line.status === "accepted" && line.quotedUnit !== null && (
            <span className="text-slate-700">
              {" "}
              · {CONDITION_LABELS[line.quotedCondition ?? line.condition]} at <span className="tabular-nums">{formatPence(line.quotedUnit)}</span> = {formatPence(values.quoted)}
            </span>
          )}
        </p>
      </div>
      {line.reviewNote && <p className="mt-1 text-sm text-slate-700">Note to the customer: {line.reviewNote}</p>}
      {showGrade && (
        <div className="mt-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-800" data-testid="line-grade">
          <p>
            Received {line.receivedQuantity} of {line.quantity}
            {line.receivedCondition ? ` as ${CONDITION_LABELS[line.receivedCondition]}` : ""} at <span className="tabular-nums">{formatPence(line.finalUnit ?? 0)}</span> each ={" "}
            <span className="font-semibold tabular-nums">{formatPence(values.final)}</span>
            {values.final !== values.quoted && <span className="text-slate-600"> (quoted {formatPence(values.quoted)})</span>}
          </p>
          {line.gradeNote ? <p className="mt-1">Why: {line.gradeNote}</p> : why.length > 0 && <p className="mt-1">Why: {why.join(" ")}</p>}
        </div>
      )}
      {result && !["unitPrice", "note", "receivedQuantity"].some((field) => result.errors?.[field]) && (
        <div className="mt-2">
          <FormError>{result.message}</FormError>
        </div>
      )}
      {reviewing && <ReviewForm line={line} result={result?.intent === "review-line" ? result : undefined} />}
      {grading && <GradeForm line={line} result={result?.intent === "grade-line" ? result : undefined} />}
    </li>
  );
}

function ReviewForm({ line, result }: { line: AdminLine; result?: SubmissionActionResult }) {
  const typed = result?.values ?? {};
  const errors = result?.errors ?? {};
  const id = (name: string) => `review-${line.id}-${name}`;
  const decision = typed.decision ?? (line.status === "rejected" ? "reject" : "accept");
  return (
    <details className="mt-3" open={Boolean(result)}>
      <summary className="cursor-pointer text-sm font-medium text-amber-700">Review this card</summary>
      <Form method="post" className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <input type="hidden" name="intent" value="review-line" />
        <input type="hidden" name="lineId" value={line.id} />
        <fieldset className="sm:col-span-2 lg:col-span-4">
          <legend className="text-sm font-medium text-slate-800">Decision</legend>
          <div className="flex flex-wrap gap-x-6">
            <label className="inline-flex min-h-11 items-center gap-2 text-sm">
              <input type="radio" name="decision" value="accept" defaultChecked={decision === "accept"} className="h-4 w-4 accent-amber-600" /> Accept
            </label>
            <label className="inline-flex min-h-11 items-center gap-2 text-sm">
              <input type="radio" name="decision" value="reject" defaultChecked={decision === "reject"} className="h-4 w-4 accent-amber-600" /> Reject
            </label>
          </div>
        </fieldset>
        <div>
          <label htmlFor={id("condition")} className="block text-sm font-medium text-slate-800">
            Condition
          </label>
          <select id={id("condition")} name="condition" defaultValue={typed.condition ?? line.quotedCondition ?? line.condition} className={inputClass}>
            {CONDITIONS.map((c) => (
              <option key={c} value={c}>
                {CONDITION_LABELS[c]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={id("unitPrice")} className="block text-sm font-medium text-slate-800">
            Price each (£)
          </label>
          <input
            id={id("unitPrice")}
            name="unitPrice"
            inputMode="decimal"
            defaultValue={typed.unitPrice ?? (line.quotedUnit !== null && line.quotedUnit !== line.offeredUnit ? penceToPounds(line.quotedUnit) : "")}
            placeholder={`${penceToPounds(line.offeredUnit)} (our rule)`}
            aria-invalid={errors.unitPrice ? true : undefined}
            aria-describedby={`${id("unitPrice")}-hint${errors.unitPrice ? ` ${id("unitPrice")}-error` : ""}`}
            className={inputClass}
          />
          <p id={`${id("unitPrice")}-hint`} className="mt-1 text-xs text-slate-600">
            Empty: the offer, or our rule's price for another condition.
          </p>
          <FieldError id={`${id("unitPrice")}-error`} message={errors.unitPrice} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={id("note")} className="block text-sm font-medium text-slate-800">
            Note to the customer
          </label>
          <input
            id={id("note")}
            name="note"
            maxLength={500}
            defaultValue={typed.note ?? line.reviewNote ?? ""}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={errors.note ? `${id("note")}-error` : undefined}
            className={inputClass}
          />
          <FieldError id={`${id("note")}-error`} message={errors.note} />
        </div>
        <div>
          <button type="submit" className={secondaryButton}>
            Save review
          </button>
        </div>
      </Form>
    </details>
  );
}

function GradeForm({ line, result }: { line: AdminLine; result?: SubmissionActionResult }) {
  const typed = result?.values ?? {};
  const errors = result?.errors ?? {};
  const id = (name: string) => `grade-${line.id}-${name}`;
  return (
    <details className="mt-3" open={Boolean(result) || line.receivedQuantity === null}>
      <summary className="cursor-pointer text-sm font-medium text-amber-700">Grade this card</summary>
      <Form method="post" className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <input type="hidden" name="intent" value="grade-line" />
        <input type="hidden" name="lineId" value={line.id} />
        <div>
          <label htmlFor={id("receivedQuantity")} className="block text-sm font-medium text-slate-800">
            Received (of {line.quantity})
          </label>
          <input
            id={id("receivedQuantity")}
            name="receivedQuantity"
            inputMode="numeric"
            defaultValue={typed.receivedQuantity ?? String(line.receivedQuantity ?? line.quantity)}
            aria-invalid={errors.receivedQuantity ? true : undefined}
            aria-describedby={errors.receivedQuantity ? `${id("receivedQuantity")}-error` : undefined}
            className={inputClass}
          />
          <FieldError id={`${id("receivedQuantity")}-error`} message={errors.receivedQuantity} />
        </div>
        <div>
          <label htmlFor={id("receivedCondition")} className="block text-sm font-medium text-slate-800">
            Condition found
          </label>
          <select id={id("receivedCondition")} name="receivedCondition" defaultValue={typed.receivedCondition ?? line.receivedCondition ?? line.quotedCondition ?? line.condition} className={inputClass}>
            {CONDITIONS.map((c) => (
              <option key={c} value={c}>
                {CONDITION_LABELS[c]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={id("unitPrice")} className="block text-sm font-medium text-slate-800">
            Price each (£)
          </label>
          <input
            id={id("unitPrice")}
            name="unitPrice"
            inputMode="decimal"
            defaultValue={typed.unitPrice ?? ""}
            placeholder="our rule"
            aria-invalid={errors.unitPrice ? true : undefined}
            aria-describedby={`${id("unitPrice")}-hint${errors.unitPrice ? ` ${id("unitPrice")}-error` : ""}`}
            className={inputClass}
          />
          <p id={`${id("unitPrice")}-hint`} className="mt-1 text-xs text-slate-600">
            Empty: as quoted, or our offer for the condition found.
          </p>
          <FieldError id={`${id("unitPrice")}-error`} message={errors.unitPrice} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={id("note")} className="block text-sm font-medium text-slate-800">
            Note to the customer
          </label>
          <input
            id={id("note")}
            name="note"
            maxLength={500}
            defaultValue={typed.note ?? ""}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={errors.note ? `${id("note")}-error` : undefined}
            className={inputClass}
          />
          <FieldError id={`${id("note")}-error`} message={errors.note} />
        </div>
        <div>
          <button type="submit" className={secondaryButton}>
            Save grading
          </button>
        </div>
      </Form>
    </details>
  );
}

import { Download, Upload } from "lucide-react";
import { Form, Link } from "react-router";
import { FormError, FormNotice } from "~/components/ui/form-message";
import { formatDateTime, ShopDateTime } from "~/components/ui/format-date";
import {
  type AdminSubmissionDetail,
  ADMIN_STATUS_LABELS,
  BUYLIST_ADMIN_TEXT,
  CASH_METHOD_LABELS,
  LABEL_MAX_BYTES,
  PAYOUT_LABELS,
  type SubmissionActionResult,
} from "~/modules/buylist/admin";
import { photoUrl } from "~/modules/buylist/photos";
import { widthUpTo } from "~/modules/media/responsive";
import { formatPence } from "~/utils/money";
import { formatUkDate } from "~/utils/uk-date";
import { LineCard } from "./line-card";
import { BuylistStatusPill, cardClass, dangerButton, FieldError, inputClass, primaryButton, secondaryButton } from "./parts";

export interface SubmissionPageProps {
  detail: AdminSubmissionDetail;
  notice: string | null;
  labelError: string | null;
  result?: SubmissionActionResult;
}

/**
 * /admin/buylist/:id: the customer and amounts, the photos, every line with the form its status
 * allows (review before the quote is accepted, grade once received), then the next step's forms
 * (send the quote, label, receive, finish grading, pay, return, reject) and the history.
 */
export function SubmissionPage({ detail, notice, labelError, result }: SubmissionPageProps) {
  const { submission: s, lines, photos } = detail;
  const pageError = result && !result.lineId && !["reject", "return", "pay"].includes(result.intent ?? "") ? result : undefined;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm">
            <Link to="/admin/buylist" className="font-medium text-amber-700 underline underline-offset-2">
              Buylist
            </Link>
          </p>
          <h1 className="mt-1 flex flex-wrap items-center gap-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Sell list {s.reference} <BuylistStatusPill status={s.status} />
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            Sent <ShopDateTime value={s.createdAt} /> · last change <ShopDateTime value={s.updatedAt} />
          </p>
        </div>
      </div>

      <div aria-live="polite" className="space-y-2">
        {notice && <FormNotice>{notice}</FormNotice>}
        {pageError && <FormError>{pageError.message}</FormError>}
      </div>
      {detail.ownSellList && (
        <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-900" data-testid="own-sell-list">
          {BUYLIST_ADMIN_TEXT.ownSellList}
        </p>
      )}

      <div className="grid gap-4 md:grid-cols-2">
        <section aria-labelledby="customer-heading" className={cardClass}>
          <h2 id="customer-heading" className="text-lg font-semibold text-slate-900">
            Customer
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">Name</dt>
            <dd className="text-slate-900">{s.name ?? "—"}</dd>
            <dt className="text-slate-600">Email</dt>
            <dd className="break-words">
              <Link to={`/admin/customers/${s.userId}`} className="text-amber-700 underline underline-offset-2">
                {s.email}
              </Link>
            </dd>
            <dt className="text-slate-600">Wants</dt>
            <dd className="text-slate-900" data-testid="payout-preference">
              {PAYOUT_LABELS[s.payoutPreference === "credit" ? "credit" : "cash"]}
            </dd>
            <dt className="text-slate-600">Store credit</dt>
            <dd className="tabular-nums text-slate-900">{formatPence(detail.creditBalance)} now</dd>
          </dl>
          {s.customerNote && (
            <blockquote className="mt-3 whitespace-pre-line rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
              <span className="block text-xs font-semibold uppercase tracking-wide text-slate-600">Customer's note</span>
              {s.customerNote}
            </blockquote>
          )}
        </section>
        <Amounts detail={detail} />
      </div>

      {photos.length > 0 && (
        <section aria-labelledby="photos-heading" className={cardClass}>
          <h2 id="photos-heading" className="text-lg font-semibold text-slate-900">
            Photos ({photos.length})
          </h2>
          <ul className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-6">
            {photos.map((photo, index) => (
              <li key={photo.id}>
                <a href={photoUrl(photo.storageKey, widthUpTo(photo.widths, 1600), "webp")} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-lg border border-slate-200">
                  <img
                    src={photoUrl(photo.storageKey, widthUpTo(photo.widths, 320), "webp")}
                    alt={`Photo ${index + 1} of the customer's cards (opens full size)`}
                    width={photo.width}
                    height={photo.height}
                    loading="lazy"
                    className="aspect-square h-auto w-full object-cover"
                  />
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="lines-heading" className="space-y-3">
        <h2 id="lines-heading" className="text-lg font-semibold text-slate-900">
          Cards ({lines.length === 1 ? "1 line" : `${lines.length} lines`})
        </h2>
        <ol className="space-y-3" data-testid="buylist-lines">
          {lines.map((line) => (
            <LineCard key={line.id} line={line} status={s.status} result={result?.lineId === line.id ? result : undefined} editable={!detail.ownSellList} />
          ))}
        </ol>
      </section>

      {!detail.ownSellList && <NextSteps detail={detail} labelError={labelError} result={result} />}
      <History detail={detail} />
    </div>
  );
}

function Amounts({ detail }: { detail: AdminSubmissionDetail }) {
  const s = detail.submission;
  const row = (label: string, cash: number | null, credit: number | null, extra?: string, testId?: string) => (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd className="tabular-nums text-slate-900" data-testid={testId}>
        {cash === null ? "—" : `${formatPence(cash)} cash · ${formatPence(credit ?? 0)} credit`}
        {extra && <span className="block text-xs text-slate-600">{extra}</span>}
      </dd>
    </>
  );
  const reviewing = s.status === "submitted" || s.status === "quoted";
  const grading = s.status === "received";
  return (
    <section aria-labelledby="amounts-heading" className={cardClass}>
      <h2 id="amounts-heading" className="text-lg font-semibold text-slate-900">
        Amounts
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        {row("Instant offer", s.offerCash, s.offerCredit)}
        {reviewing && row("Quote as reviewed", detail.draftQuote.cash, detail.draftQuote.credit, "Unreviewed lines count at their offer.", "draft-quote")}
        {s.quotedCash !== null &&
          row(
            "Quote sent",
            s.quotedCash,
            s.quotedCredit,
            s.quoteExpiresAt ? `${s.status === "quoted" ? "Valid until" : "Was valid until"} ${formatDateTime(s.quoteExpiresAt)}${s.status === "quoted" && !s.hasQuoteToken ? " · a line changed since: send it again" : ""}` : undefined,
            "quoted-amount",
          )}
        {grading && row("Final as graded", detail.draftFinal.cash, detail.draftFinal.credit, "Ungraded cards count as quoted.", "draft-final")}
        {s.finalCash !== null && row("Final", s.finalCash, s.finalCredit, undefined, "final-amount")}
        {s.paidAmount !== null && (
          <>
            <dt className="text-slate-600">Paid</dt>
            <dd className="text-slate-900" data-testid="paid-amount">
              <span className="tabular-nums">{formatPence(s.paidAmount)}</span>{" "}
              {s.payout === "credit"
                ? "in store credit"
                : `by ${CASH_METHOD_LABELS[s.cashMethod === "bank_transfer" ? "bank_transfer" : "paypal"]} on ${formatUkDate(s.paidOn)} (ref. ${s.paidReference ?? ""})`}
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}

/** The forms of what can happen next, for the list's status. */
function NextSteps({ detail, labelError, result }: { detail: AdminSubmissionDetail; labelError: string | null; result?: SubmissionActionResult }) {
  const s = detail.submission;
  const refusedFor = (intent: string) => (result && result.intent === intent && !result.lineId ? result : undefined);
  const labelWanted = (s.quotedCash ?? 0) >= detail.settings.prepaidLabelThresholdPence;
  const sections = [];

  if (s.status === "submitted" || s.status === "quoted") {
    sections.push(
      <section key="quote" aria-labelledby="quote-heading" className={cardClass}>
        <h2 id="quote-heading" className="text-lg font-semibold text-slate-900">
          {s.status === "quoted" ? "Send the quote again" : "Send the quote"}
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          {formatPence(detail.draftQuote.cash)} cash or {formatPence(detail.draftQuote.credit)} in store credit, valid {detail.settings.quoteValidDays} days. The customer gets an email with a link to accept or decline
          {s.status === "quoted" ? "; the link sent before stops working." : "."}
          {detail.draftQuote.cash >= detail.settings.prepaidLabelThresholdPence && ` It is at or over ${formatPence(detail.settings.prepaidLabelThresholdPence)}: attach a prepaid label once it is sent.`}
        </p>
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="quote" />
          <button type="submit" className={primaryButton}>
            {s.status === "quoted" ? "Send the quote again" : "Send quote"}
          </button>
        </Form>
      </section>,
    );
  }
  if (s.status === "submitted") {
    const refused = refusedFor("reject");
    sections.push(
      <ReasonForm key="reject" intent="reject" field="reason" heading="Reject the whole sell list" label="Reason (the customer reads it)" button="Reject sell list" refused={refused} danger />,
    );
  }
  if (["quoted", "accepted", "shipped"].includes(s.status) && (labelWanted || s.labelKey)) {
    sections.push(
      <section key="label" id="label" aria-labelledby="label-heading" className={cardClass}>
        <h2 id="label-heading" className="text-lg font-semibold text-slate-900">
          Prepaid label
        </h2>
        {s.labelKey ? (
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
            Attached: {s.labelFileName}.{" "}
            <a href={`/admin/buylist/${s.id}/label`} className="inline-flex items-center gap-1 font-medium text-amber-700 underline underline-offset-2">
              <Download aria-hidden className="h-4 w-4" /> Download
            </a>
          </p>
        ) : (
          <p className="mt-1 text-sm text-slate-700">The quote is at or over {formatPence(detail.settings.prepaidLabelThresholdPence)}: upload the prepaid postage label for the customer to download.</p>
        )}
        {labelError && (
          <div className="mt-2">
            <FormError>{labelError}</FormError>
          </div>
        )}
        {/* A plain multipart form (no client-side navigation): the upload route answers with a redirect back here. */}
        <form method="post" action={`/admin/buylist/${s.id}/label`} encType="multipart/form-data" className="mt-3 flex flex-wrap items-end gap-3">
          <div className="min-w-0 flex-1 basis-64">
            <label htmlFor="label-file" className="block text-sm font-medium text-slate-800">
              Label file <span className="font-normal text-slate-600">(PDF, PNG or JPEG, up to {LABEL_MAX_BYTES / (1024 * 1024)} MB)</span>
            </label>
            <input id="label-file" name="label" type="file" required accept="application/pdf,image/png,image/jpeg" className={`${inputClass} file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1`} />
          </div>
          <button type="submit" className={`${secondaryButton} gap-1.5`}>
            <Upload aria-hidden className="h-4 w-4" /> {s.labelKey ? "Replace label" : "Upload label"}
          </button>
        </form>
        {s.labelKey && (
          <Form method="post" className="mt-2">
            <input type="hidden" name="intent" value="remove-label" />
            <button type="submit" className={dangerButton}>
              Remove label
            </button>
          </Form>
        )}
      </section>,
    );
  }
  if (s.status === "accepted" || s.status === "shipped") {
    sections.push(
      <section key="receive" aria-labelledby="receive-heading" className={cardClass}>
        <h2 id="receive-heading" className="text-lg font-semibold text-slate-900">
          Parcel
        </h2>
        <p className="mt-1 text-sm text-slate-700">{s.status === "shipped" ? "The customer says it is on its way." : "The customer accepted the quote; the parcel may not have been marked as sent yet."}</p>
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="receive" />
          <button type="submit" className={primaryButton}>
            Mark received
          </button>
        </Form>
      </section>,
    );
  }
  if (s.status === "received") {
    const changed = detail.draftFinal.cash !== (s.quotedCash ?? 0);
    sections.push(
      <section key="finish" aria-labelledby="finish-heading" className={cardClass}>
        <h2 id="finish-heading" className="text-lg font-semibold text-slate-900">
          Finish grading
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Final: {formatPence(detail.draftFinal.cash)} cash or {formatPence(detail.draftFinal.credit)} credit
          {changed ? ` (quoted ${formatPence(s.quotedCash ?? 0)}; the reasons are by each card).` : ", as quoted."} Cards not graded one by one are taken as received in full, as quoted. The customer is emailed the result.
        </p>
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="finish-grading" />
          <button type="submit" className={primaryButton}>
            Finish grading
          </button>
        </Form>
      </section>,
    );
  }
  if (s.status === "graded") sections.push(<PayForm key="pay" detail={detail} refused={refusedFor("pay")} />);
  if (s.status === "received" || s.status === "graded") {
    sections.push(
      <ReasonForm key="return" intent="return" field="note" heading="Return to sender" label="Why the cards go back (the customer reads it)" button="Mark returned" refused={refusedFor("return")} danger />,
    );
  }
  if (sections.length === 0) return null;
  return <div className="space-y-4">{sections}</div>;
}

function ReasonForm({
  intent,
  field,
  heading,
  label,
  button,
  refused,
  danger,
}: {
  intent: string;
  field: string;
  heading: string;
  label: string;
  button: string;
  refused?: SubmissionActionResult;
  danger?: boolean;
}) {
  const error = refused?.errors?.[field] ?? refused?.message;
  const id = `${intent}-${field}`;
  return (
    <section aria-labelledby={`${intent}-heading`} className={cardClass}>
      <h2 id={`${intent}-heading`} className="text-lg font-semibold text-slate-900">
        {heading}
      </h2>
      <Form method="post" className="mt-3 space-y-3">
        <input type="hidden" name="intent" value={intent} />
        <div>
          <label htmlFor={id} className="block text-sm font-medium text-slate-800">
            {label}
          </label>
          <textarea
            id={id}
            name={field}
            rows={2}
            maxLength={500}
            defaultValue={refused?.values?.[field] ?? ""}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={inputClass}
          />
          <FieldError id={`${id}-error`} message={error} />
        </div>
        <button type="submit" className={danger ? dangerButton : primaryButton}>
          {button}
        </button>
      </Form>
    </section>
  );
}

function PayForm({ detail, refused }: { detail: AdminSubmissionDetail; refused?: SubmissionActionResult }) {
  const s = detail.submission;
  const values = refused?.values ?? {};
  const errors = refused?.errors ?? {};
  const payout = values.payout ?? (s.payoutPreference === "credit" ? "credit" : "cash");
  const text = (name: string, label: string, hint: string) => (
    <div>
      <label htmlFor={`pay-${name}`} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={`pay-${name}`}
        name={name}
        defaultValue={values[name] ?? ""}
        placeholder={hint}
        maxLength={100}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `pay-${name}-error` : undefined}
        className={inputClass}
      />
      <FieldError id={`pay-${name}-error`} message={errors[name]} />
    </div>
  );
  return (
    <section aria-labelledby="pay-heading" className={cardClass}>
      <h2 id="pay-heading" className="text-lg font-semibold text-slate-900">
        Pay
      </h2>
      {refused && !Object.keys(errors).length && (
        <div className="mt-2">
          <FormError>{refused.message}</FormError>
        </div>
      )}
      <Form method="post" className="mt-3 space-y-4">
        <input type="hidden" name="intent" value="pay" />
        <fieldset aria-describedby={errors.payout ? "pay-payout-error" : undefined}>
          <legend className="text-sm font-semibold text-slate-900">How</legend>
          <div className="mt-1 flex flex-wrap gap-x-6">
            <label className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-800">
              <input type="radio" name="payout" value="credit" defaultChecked={payout === "credit"} className="h-4 w-4 accent-amber-600" />
              Store credit: {formatPence(s.finalCredit ?? 0)}, added at once
            </label>
            <label className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-800">
              <input type="radio" name="payout" value="cash" defaultChecked={payout === "cash"} className="h-4 w-4 accent-amber-600" />
              Cash: {formatPence(s.finalCash ?? 0)}, paid outside the shop
            </label>
          </div>
          <FieldError id="pay-payout-error" message={errors.payout} />
        </fieldset>
        <fieldset className="rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-900">Cash payment (leave empty for store credit)</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            <div>
              <label htmlFor="pay-method" className="block text-sm font-medium text-slate-800">
                Method
              </label>
              <select
                id="pay-method"
                name="method"
                defaultValue={values.method ?? ""}
                aria-invalid={errors.method ? true : undefined}
                aria-describedby={errors.method ? "pay-method-error" : undefined}
                className={inputClass}
              >
                <option value="">Choose…</option>
                <option value="paypal">PayPal</option>
                <option value="bank_transfer">Bank transfer</option>
              </select>
              <FieldError id="pay-method-error" message={errors.method} />
            </div>
            {text("reference", "Reference", "PayPal id or bank reference")}
            {text("paidOn", "Paid on (dd/mm/yyyy)", "24/12/2026")}
          </div>
        </fieldset>
        <label className="flex min-h-11 items-start gap-2 text-sm text-slate-800">
          <input type="checkbox" name="restock" value="on" defaultChecked={values.restock === "on"} className="mt-0.5 h-4 w-4 accent-amber-600" />
          <span>Put the received cards into stock (each as its card's single, in the graded condition, English; new variants are priced from the market). Cards graded at £0.00 are not bought: they are not stocked, send them back to the customer.</span>
        </label>
        <button type="submit" className={primaryButton}>
          Pay the customer
        </button>
      </Form>
    </section>
  );
}

function History({ detail }: { detail: AdminSubmissionDetail }) {
  return (
    <section aria-labelledby="history-heading" className={cardClass}>
      <h2 id="history-heading" className="text-lg font-semibold text-slate-900">
        History
      </h2>
      <ol className="mt-3 space-y-2 text-sm" data-testid="buylist-history">
        {detail.events.map((event) => (
          <li key={event.id} className="flex flex-wrap gap-x-3">
            <span className="text-slate-600">{formatDateTime(event.createdAt)}</span>
            <span className="font-semibold text-slate-900">{event.status === "submitted" ? "Submitted" : (ADMIN_STATUS_LABELS[event.status as keyof typeof ADMIN_STATUS_LABELS] ?? event.status)}</span>
            <span className="text-slate-700">{event.actorEmail ?? (event.status === "expired" ? "the shop" : "the customer")}</span>
            {event.note && <span className="basis-full text-slate-700">{event.note}</span>}
          </li>
        ))}
      </ol>
      {detail.audit.length > 0 && (
        <details className="mt-4">
          <summary className="cursor-pointer text-sm font-medium text-amber-700">Audit trail ({detail.audit.length})</summary>
          <ol className="mt-2 space-y-1 text-xs text-slate-700">
            {detail.audit.map((entry) => (
              <li key={entry.id}>
                {formatDateTime(entry.createdAt)} · {entry.action} · {entry.actorEmail ?? "the shop"}
              </li>
            ))}
          </ol>
        </details>
      )}
    </section>
  );
}

import { Download, Package } from "lucide-react";
import { Form, Link } from "react-router";
import { FormError, FormNotice } from "~/components/ui/form-message";
import { formatDate, ShopDateTime } from "~/components/ui/format-date";
import { SubmitButton } from "~/components/ui/submit-button";
import { SHIPPED_NOTE_MAX_LENGTH, SUBMISSION_TEXT } from "~/modules/buylist/customer-actions";
import { isNotBuyingReason } from "~/modules/buylist/offer";
import { BUYLIST_PHOTO_LIMITS, canAddPhotos, PHOTO_ACCEPT, PHOTO_TEXT, photoSrcSet, photoUrl } from "~/modules/buylist/photos";
import { BUYLIST_STATUS_LABELS, formatSubmissionReference, type BuylistStatus } from "~/modules/buylist/status";
import type { SubmissionDetail, SubmissionLineView } from "~/modules/buylist/customer";
import { CONDITION_LABELS, PRINTING_LABELS } from "~/modules/catalog/variants";
import { formatPence } from "~/utils/money";
import { useShop } from "~/web/shell";
import { BuylistStatusBadge } from "./status-badge";

/** Dates arrive as strings after the loader's JSON; the page takes either. */
type Dated<T> = { [K in keyof T]: T[K] extends Date ? Date | string : T[K] extends Date | null ? Date | string | null : T[K] };

export interface SubmissionView {
  submission: Dated<Omit<SubmissionDetail, "events">> & { events: Array<Dated<SubmissionDetail["events"][number]>> };
  quoteOpen: boolean;
  /** Quoted, but the shop changed a line after sending it: a new quote email follows; nothing to answer now. */
  quoteUpdating: boolean;
  labelThresholdPence: number;
  notice: string | null;
  linkNote: string | null;
}

const REASON_TEXT: Record<string, string> = {
  not_buying: "We are not buying this card at the moment.",
  no_price: "We had no market price for this card.",
  under_minimum: "Worth less than our minimum per card.",
  over_wanted: "More copies than we need.",
};

const button = "inline-flex items-center justify-center rounded-lg px-5 py-2.5 font-semibold shadow-sm";

/** /account/sell-lists/:id: the sell list, what happens next (with the actions its status allows), lines, photos and history. */
/** An action's answer: a refusal, or (`partly`) photos of which some were added, with the refused files listed. */
export interface SubmissionAnswer {
  message: string;
  refusals: string[];
  partly?: boolean;
}

export function SubmissionPage({ view, answer }: { view: SubmissionView; answer?: SubmissionAnswer }) {
  const s = view.submission;
  const reference = formatSubmissionReference(s.id);
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header>
        <p className="text-sm">
          <Link to="/account?tab=sell-lists" className="font-medium text-amber-800 underline hover:text-amber-900">
            Your sell lists
          </Link>
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Sell list {reference}</h1>
          <BuylistStatusBadge status={s.status} />
        </div>
        <p className="mt-1 text-sm text-slate-600">
          Sent on {formatDate(s.createdAt)} · you asked to be paid in {s.payoutPreference === "credit" ? "store credit" : "cash"}
        </p>
      </header>

      <div aria-live="polite" className="space-y-2">
        {view.notice && <FormNotice>{view.notice}</FormNotice>}
        {view.linkNote && <FormError>{view.linkNote}</FormError>}
        {answer?.partly && (
          <FormNotice>
            {answer.message}
            <ul className="mt-1 list-disc pl-5" data-testid="photo-refusals">
              {answer.refusals.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          </FormNotice>
        )}
        {answer?.message && !answer.partly && (
          <FormError>
            {answer.message}
            {answer.refusals.length > 1 && (
              <ul className="mt-1 list-disc pl-5">
                {answer.refusals.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            )}
          </FormError>
        )}
      </div>

      <NextStep view={view} reference={reference} />
      <Lines submission={s} />
      <Photos submission={s} />
      <History events={s.events} />
    </div>
  );
}

function Box({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-slate-700">{children}</div>
    </section>
  );
}

function Amounts({ cash, credit }: { cash: number; credit: number | null }) {
  return (
    <>
      <strong className="font-semibold text-slate-900">{formatPence(cash)}</strong> in cash, or <strong className="font-semibold text-slate-900">{formatPence(credit ?? cash)}</strong> in store credit
    </>
  );
}

function NextStep({ view, reference }: { view: SubmissionView; reference: string }) {
  const s = view.submission;
  const shop = useShop();
  const status: BuylistStatus = s.status;
  if (status === "submitted") {
    return (
      <Box title="What happens now" id="next-heading">
        <p>We are looking at your list and photos and will send you a quote within 24 hours. Photos of the fronts and backs help us quote quickly: add them below.</p>
        <Form method="post">
          <input type="hidden" name="intent" value="withdraw" />
          <button type="submit" className={`${button} border border-slate-300 bg-white text-slate-900 hover:bg-slate-50`}>
            Withdraw this sell list
          </button>
        </Form>
      </Box>
    );
  }
  if (status === "quoted" && view.quoteUpdating) {
    return (
      <Box title="Our quote" id="next-heading">
        <p data-testid="quote-updating">{SUBMISSION_TEXT.quoteUpdating}</p>
      </Box>
    );
  }
  if (status === "quoted") {
    return (
      <Box title="Our quote" id="next-heading">
        <p data-testid="quote-amount">
          We offer <Amounts cash={s.quotedCash ?? 0} credit={s.quotedCredit} />. The lines below show what changed from your list and why.
        </p>
        {view.quoteOpen ? (
          <>
            {s.quoteExpiresAt && (
              <p>
                The quote is open until <ShopDateTime value={s.quoteExpiresAt} />.
              </p>
            )}
            <div className="flex flex-wrap gap-3">
              <Form method="post">
                <input type="hidden" name="intent" value="accept" />
                <input type="hidden" name="token" value={s.quoteToken ?? ""} />
                <SubmitButton name="intent" value="accept" busyLabel="Accepting…">
                  Accept the quote
                </SubmitButton>
              </Form>
              <Form method="post">
                <input type="hidden" name="intent" value="decline" />
                <input type="hidden" name="token" value={s.quoteToken ?? ""} />
                <button type="submit" className={`${button} border border-slate-300 bg-white text-slate-900 hover:bg-slate-50`}>
                  Decline
                </button>
              </Form>
            </div>
          </>
        ) : (
          <p>This quote has expired. If you would still like to sell these cards, please send a new sell list.</p>
        )}
      </Box>
    );
  }
  if (status === "accepted") {
    const quoted = s.quotedCash ?? 0;
    return (
      <Box title="Send us your cards" id="next-heading">
        <p>
          You accepted <Amounts cash={quoted} credit={s.quotedCredit} />.
        </p>
        {s.hasLabel ? (
          <p>
            <a href={`/account/sell-lists/${s.id}/label`} className={`${button} gap-2 bg-amber-500 text-slate-900 hover:bg-amber-400`} download>
              <Download aria-hidden className="h-4 w-4" /> Download your prepaid label
            </a>
          </p>
        ) : quoted >= view.labelThresholdPence ? (
          <p>Your quote is {formatPence(view.labelThresholdPence)} or more, so we are sending you a prepaid label: it will appear on this page. Please wait for it before you post the cards.</p>
        ) : null}
        <div>
          <h3 className="font-semibold text-slate-900">How to post them</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 marker:text-amber-500">
            <li>Put each card in a penny sleeve and a toploader, and pack them snugly in a rigid mailer or small box.</li>
            <li>Add a note with your name and the reference {reference}.</li>
            {!s.hasLabel && <li>Send it by a tracked service (Royal Mail Tracked or Special Delivery for valuable cards) to the address below, and keep the receipt.</li>}
          </ul>
        </div>
        <div>
          <h3 className="font-semibold text-slate-900">Our address</h3>
          <address className="mt-1 not-italic text-slate-900" data-testid="buylist-address">
            {shop.buylistAddress.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </div>
        <Form method="post" className="space-y-2">
          <input type="hidden" name="intent" value="shipped" />
          <label htmlFor="shipped-note" className="block text-sm font-medium text-slate-700">
            Tracking number or note (optional)
          </label>
          <input
            id="shipped-note"
            name="note"
            maxLength={SHIPPED_NOTE_MAX_LENGTH}
            className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 shadow-sm focus:border-amber-500 focus:outline-none focus:ring-2 focus:ring-amber-200"
          />
          <SubmitButton name="intent" value="shipped" busyLabel="Saving…">
            I have sent the cards
          </SubmitButton>
        </Form>
      </Box>
    );
  }
  const words: Partial<Record<BuylistStatus, React.ReactNode>> = {
    shipped: "Your cards are on their way to us. We check them when they arrive and let you know.",
    received: "Your cards have arrived. We are checking each one against your list and photos.",
    graded: (
      <>
        We have checked your cards: the final amount is {s.finalCash !== null ? <Amounts cash={s.finalCash} credit={s.finalCredit} /> : "being worked out"}. We pay you shortly.
      </>
    ),
    paid: (
      <>
        Paid{s.paidAmount !== null ? ` ${formatPence(s.paidAmount)}` : ""} {s.payout === "credit" ? "in store credit" : "by PayPal or bank transfer"}
        {s.paidAt ? (
          <>
            {" "}
            on {formatDate(s.paidAt)}
          </>
        ) : null}
        . Thank you for selling to us.
      </>
    ),
    returned: "We have sent your cards back to you.",
    rejected: "We are not able to buy the cards on this list. The history below says why.",
    declined: "You declined our quote.",
    expired: "The quote expired before it was answered.",
    withdrawn: "You withdrew this sell list.",
  };
  return (
    <Box title={BUYLIST_STATUS_LABELS[status]} id="next-heading">
      <p>{words[status]}</p>
    </Box>
  );
}

function lineQuote(line: Dated<SubmissionLineView>): React.ReactNode {
  if (line.status === "rejected") return <span className="font-medium text-red-800">Not bought</span>;
  if (line.status !== "accepted") return null;
  const unit = line.quotedUnit ?? line.offeredUnit;
  const condition = line.quotedCondition && line.quotedCondition !== line.condition ? ` as ${CONDITION_LABELS[line.quotedCondition]}` : "";
  return (
    <>
      {formatPence(unit)} each{condition} · {formatPence(unit * line.quantity)}
    </>
  );
}

function lineReceived(line: Dated<SubmissionLineView>): React.ReactNode {
  if (line.receivedQuantity === null && line.receivedCondition === null) return null;
  const missing = line.receivedQuantity !== null ? line.quantity - line.receivedQuantity : 0;
  const condition = line.receivedCondition && line.receivedCondition !== (line.quotedCondition ?? line.condition) ? `found ${CONDITION_LABELS[line.receivedCondition]}` : null;
  const unit = line.finalUnit;
  return (
    <>
      {[missing > 0 ? `${missing} missing` : null, condition, unit !== null ? `${formatPence(unit)} each · ${formatPence(unit * (line.receivedQuantity ?? line.quantity))}` : null].filter(Boolean).join(" · ")}
    </>
  );
}

function Lines({ submission: s }: { submission: SubmissionView["submission"] }) {
  return (
    <Box title="Cards" id="lines-heading">
      <ol className="divide-y divide-slate-100" data-testid="submission-lines">
        {s.lines.map((line) => {
          const quote = lineQuote(line);
          const received = lineReceived(line);
          return (
            <li key={line.id} className="py-3" data-testid="submission-line">
              <h3 className="font-semibold text-slate-900">
                {line.quantity} × {line.cardLabel}
              </h3>
              <p className="text-sm text-slate-600">
                {CONDITION_LABELS[line.condition]} · {PRINTING_LABELS[line.printing]}
              </p>
              <dl className="mt-1 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
                <dt className="text-slate-500">Your list</dt>
                <dd>
                  {line.notBuyingReason
                    ? `Not bought: ${isNotBuyingReason(line.notBuyingReason) ? REASON_TEXT[line.notBuyingReason] : line.notBuyingReason}`
                    : `${formatPence(line.offeredUnit)} each · ${formatPence(line.offeredUnit * line.quantity)}`}
                </dd>
                {(quote || line.reviewNote) && (
                  <>
                    <dt className="text-slate-500">Our quote</dt>
                    <dd>
                      {quote}
                      {line.reviewNote && <span className="block text-slate-700">“{line.reviewNote}”</span>}
                    </dd>
                  </>
                )}
                {(received || line.gradeNote) && (
                  <>
                    <dt className="text-slate-500">Received</dt>
                    <dd>
                      {received}
                      {line.gradeNote && <span className="block text-slate-700">“{line.gradeNote}”</span>}
                    </dd>
                  </>
                )}
              </dl>
            </li>
          );
        })}
      </ol>
      <dl className="grid gap-3 rounded-xl bg-amber-50 p-4 sm:grid-cols-3" data-testid="submission-totals">
        <div>
          <dt className="text-sm text-slate-600">Instant offer</dt>
          <dd className="font-semibold text-slate-900">
            {formatPence(s.offerCash)} cash / {formatPence(s.offerCredit)} credit
          </dd>
        </div>
        {s.quotedCash !== null && (
          <div>
            <dt className="text-sm text-slate-600">Quote</dt>
            <dd className="font-semibold text-slate-900">
              {formatPence(s.quotedCash)} cash / {formatPence(s.quotedCredit ?? s.quotedCash)} credit
            </dd>
          </div>
        )}
        {s.finalCash !== null && (
          <div>
            <dt className="text-sm text-slate-600">Final</dt>
            <dd className="font-semibold text-slate-900">
              {formatPence(s.finalCash)} cash / {formatPence(s.finalCredit ?? s.finalCash)} credit
            </dd>
          </div>
        )}
      </dl>
      {s.customerNote && (
        <p className="text-sm">
          <span className="font-medium text-slate-900">Your note:</span> {s.customerNote}
        </p>
      )}
    </Box>
  );
}

function Photos({ submission: s }: { submission: SubmissionView["submission"] }) {
  const open = canAddPhotos(s.status) && s.photos.length < BUYLIST_PHOTO_LIMITS.maxPerSubmission;
  return (
    <Box title="Photos" id="photos-heading">
      {s.photos.length === 0 ? (
        <p>No photos yet.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="submission-photos">
          {s.photos.map((photo, i) => (
            <li key={photo.id}>
              <a href={photoUrl(photo.storageKey, photo.widths[photo.widths.length - 1]!, "webp")} className="block overflow-hidden rounded-lg border border-slate-200">
                <picture>
                  <source type="image/avif" srcSet={photoSrcSet(photo, "avif")} sizes="(min-width: 640px) 200px, 45vw" />
                  <img
                    src={photoUrl(photo.storageKey, photo.widths[0]!, "webp")}
                    srcSet={photoSrcSet(photo, "webp")}
                    sizes="(min-width: 640px) 200px, 45vw"
                    width={photo.width}
                    height={photo.height}
                    alt={`Photo ${i + 1} of your cards`}
                    loading="lazy"
                    className="aspect-square h-auto w-full object-cover"
                  />
                </picture>
              </a>
            </li>
          ))}
        </ul>
      )}
      {open && (
        <Form method="post" encType="multipart/form-data" className="space-y-2" key={s.photos.length}>
          <input type="hidden" name="intent" value="photos" />
          <label htmlFor="photos" className="block text-sm font-medium text-slate-700">
            Add photos of the fronts and backs
          </label>
          <input
            id="photos"
            name="photos"
            type="file"
            multiple
            accept={PHOTO_ACCEPT}
            aria-describedby="photos-hint"
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-4 file:py-2 file:font-semibold file:text-slate-900"
          />
          <p id="photos-hint" className="text-xs text-slate-600">
            {PHOTO_TEXT.hint}
          </p>
          <SubmitButton name="intent" value="photos" busyLabel="Uploading…">
            Upload photos
          </SubmitButton>
        </Form>
      )}
    </Box>
  );
}

function History({ events }: { events: SubmissionView["submission"]["events"] }) {
  return (
    <Box title="History" id="history-heading">
      <ol className="relative space-y-4 border-l-2 border-slate-200 pl-5" data-testid="submission-history">
        {events.map((e) => (
          <li key={e.id} className="relative">
            <span aria-hidden className="absolute -left-[1.72rem] top-1 flex h-4 w-4 items-center justify-center rounded-full bg-amber-500">
              <Package className="h-2.5 w-2.5 text-white" />
            </span>
            <p className="font-semibold text-slate-900">{BUYLIST_STATUS_LABELS[e.status]}</p>
            <p className="text-sm text-slate-600">
              <ShopDateTime value={e.createdAt} /> · {e.byShop ? "by us" : e.status === "expired" ? "automatically" : "by you"}
            </p>
            {e.note && <p className="text-sm text-slate-700">{e.note}</p>}
          </li>
        ))}
      </ol>
    </Box>
  );
}

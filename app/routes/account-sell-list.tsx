import { data, redirect } from "react-router";
import { SubmissionPage } from "~/components/buylist/customer/submission-page";
import { isSubmissionIntent, quoteState, submissionDoneText, SUBMISSION_TEXT } from "~/modules/buylist/customer-actions";
import { addSubmissionPhotos, startPhotoUpload } from "~/modules/buylist/photos.server";
import { PHOTO_TEXT } from "~/modules/buylist/photos";
import { loadBuylistSettings } from "~/modules/buylist/settings.server";
import { formatSubmissionReference } from "~/modules/buylist/status";
import { markSubmissionShipped, respondToQuote, submissionForCustomer, withdrawSubmission, type CustomerActionResult } from "~/modules/buylist/submissions.server";
import { parseDbId } from "~/utils/db-id";
import { pageMeta } from "~/utils/seo";
import { requireUser } from "~/web/auth.server";
import { mediaStoreFor } from "~/web/media.server";
import { privatePageHeaders } from "~/web/retry-after";
import type { Route } from "./+types/account-sell-list";

const notFound = () => data("This sell list could not be found.", { status: 404 });

/** /account/sell-lists/:id: one of the signed-in customer's sell lists (404 for anyone else's). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const id = parseDbId(params.id);
  const submission = id === null ? null : await submissionForCustomer(context.db, user.id, id);
  if (!submission) throw notFound();
  const settings = await loadBuylistSettings(context.db);
  const url = new URL(request.url);
  // The emailed quote link carries the quote's token: one that no longer names the open quote is explained.
  const linkToken = url.searchParams.get("token");
  const linkStale = linkToken !== null && linkToken !== submission.quoteToken;
  const quote = quoteState(submission, new Date());
  const quoteUpdating = quote === "updating";
  return {
    submission,
    quoteUpdating,
    quoteOpen: quote === "open",
    labelThresholdPence: settings.prepaidLabelThresholdPence,
    notice: url.searchParams.has("submitted") ? SUBMISSION_TEXT.submitted : submissionDoneText(url.searchParams.get("done")),
    linkNote: linkStale && !quoteUpdating ? (submission.status === "quoted" ? SUBMISSION_TEXT.badToken : SUBMISSION_TEXT.linkAnswered) : null,
  };
}

function refusal(result: Extract<CustomerActionResult, { ok: false }>) {
  if (result.reason === "not_found") throw notFound();
  const message =
    result.reason === "bad_token" ? SUBMISSION_TEXT.badToken : result.reason === "quote_updating" ? SUBMISSION_TEXT.quoteUpdating : result.reason === "expired" ? SUBMISSION_TEXT.expired : SUBMISSION_TEXT.notAllowed(result.status!);
  return data({ message, refusals: [] as string[] }, { status: result.reason === "not_allowed" ? 409 : 400 });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const id = parseDbId(params.id);
  if (id === null) throw notFound();
  const isMultipart = /^multipart\/form-data\b/i.test(request.headers.get("content-type") ?? "");
  if (isMultipart) {
    // Whose list, its status, its room and the hourly limit are checked before the upload is read.
    const start = await startPhotoUpload(context.db, user.id, id);
    if (start.status === "not_found") throw notFound();
    if (start.status === "rate_limited") return data({ message: start.message, refusals: [] as string[] }, { status: 429, headers: { "Retry-After": String(start.retryAfterSeconds) } });
    if (start.status === "refused") return data({ message: start.message, refusals: [] as string[] }, { status: 400 });
  }
  const form = await request.formData().catch(() => null);
  if (!form) return data({ message: PHOTO_TEXT.noFiles, refusals: [] as string[] }, { status: 400 });

  if (isMultipart || form.get("intent") === "photos") {
    // An empty file input still sends one part, with no name and no bytes: that is "no file".
    const files = form.getAll("photos").filter((v): v is File => typeof v !== "string" && !(v.size === 0 && v.name === ""));
    const result = await addSubmissionPhotos(context.db, mediaStoreFor(context), user.id, id, files);
    if (result.status === "not_found") throw notFound();
    if (result.status === "refused" || result.status === "rate_limited") return data({ message: result.message, refusals: [] as string[] }, { status: 400 });
    if (result.added === 0) return data({ message: result.refusals.join(" "), refusals: result.refusals }, { status: 400 });
    // Some added, some not: a notice (not an error) with the refused files listed.
    if (result.refusals.length > 0) return data({ message: PHOTO_TEXT.partlyAdded(result.added), refusals: result.refusals, partly: true }, { status: 200 });
    return redirect(`/account/sell-lists/${id}?done=photos`);
  }

  const intent = form.get("intent");
  if (!isSubmissionIntent(intent)) return data({ message: SUBMISSION_TEXT.unknown, refusals: [] as string[] }, { status: 400 });
  const token = String(form.get("token") ?? "").slice(0, 100);
  const result =
    intent === "withdraw"
      ? await withdrawSubmission(context.db, user.id, id)
      : intent === "shipped"
        ? await markSubmissionShipped(context.db, user.id, id, String(form.get("note") ?? ""))
        : await respondToQuote(context.db, user.id, id, token, intent);
  if (!result.ok) return refusal(result);
  return redirect(`/account/sell-lists/${id}?done=${result.status}`);
}

/** The customer's own sell list: never stored by a shared cache; a refused upload says when to come back. */
export const headers: Route.HeadersFunction = privatePageHeaders;

export const meta: Route.MetaFunction = (args) => {
  const id = (args.loaderData as { submission?: { id: number } } | undefined)?.submission?.id;
  return pageMeta(args, { title: id ? `Sell list ${formatSubmissionReference(id)}` : "Sell list", description: "Your sell list, its quote and its history.", noindex: true });
};

export default function AccountSellList({ loaderData, actionData }: Route.ComponentProps) {
  return <SubmissionPage view={loaderData} answer={actionData} />;
}

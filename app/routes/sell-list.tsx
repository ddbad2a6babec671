import { data, redirect } from "react-router";
import { SellListPage } from "~/components/buylist/customer/sell-list-page";
import { DRAFT_MESSAGES, draftHasRoomFor, MAX_NOTE_LENGTH, parseAddForm, parseListForm, submitValuesOf, mergeDraft } from "~/modules/buylist/customer-draft";
import { SELL_LIST_PATH, SELL_LIST_TEXT, SELL_SEARCH_MAX_LENGTH } from "~/modules/buylist/customer";
import { searchCardsToSell, sellLineProblem, sellListView } from "~/modules/buylist/customer.server";
import { createSubmission, type CreateResult } from "~/modules/buylist/submissions.server";
import { requireUser } from "~/web/auth.server";
import { clearDraftCookieHeader, draftCookieHeader, readDraft } from "~/web/sell-list-draft.server";
import { pageMeta } from "~/utils/seo";
import { privatePageHeaders } from "~/web/retry-after";
import type { Route } from "./+types/sell-list";

/** /sell-cards/list: the signed-in customer's sell list: find cards, see the instant offer, submit. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const q = (url.searchParams.get("find") ?? "").slice(0, SELL_SEARCH_MAX_LENGTH);
  const list = await sellListView(context.db, readDraft(request, user.id));
  const results = q.trim() === "" ? null : await searchCardsToSell(context.db, q);
  const done = url.searchParams.get("done");
  return { q, list, results, notice: done === "added" ? SELL_LIST_TEXT.added : done === "cleared" ? SELL_LIST_TEXT.cleared : null };
}

function backTo(q: string, done: string) {
  const params = new URLSearchParams(q ? { find: q, done } : { done });
  return `${SELL_LIST_PATH}?${params}`;
}

function submitRefusal(result: Extract<CreateResult, { ok: false }>): { message: string; lineErrors: Record<number, string> } {
  switch (result.reason) {
    case "bad_lines":
      return {
        message: SELL_LIST_TEXT.fixLines,
        lineErrors: Object.fromEntries(result.problems.map((p) => [p.index, p.problem === "quantity" ? "Enter how many copies, from 1 to 100." : SELL_LIST_TEXT.unavailable])),
      };
    case "empty":
      return { message: SELL_LIST_TEXT.emptySubmit, lineErrors: {} };
    case "too_many_lines":
      return { message: SELL_LIST_TEXT.tooManyLines(result.max), lineErrors: {} };
    case "nothing_bought":
      return { message: SELL_LIST_TEXT.nothingBought, lineErrors: {} };
    case "rate_limited":
      return { message: SELL_LIST_TEXT.rateLimited(result.retryAfterSeconds), lineErrors: {} };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData();
  // A line's "Remove" button carries the line, not an intent: it is an update without that line.
  const intent = form.get("remove") !== null ? "update" : form.get("intent");
  const q = String(form.get("find") ?? "").slice(0, SELL_SEARCH_MAX_LENGTH);
  const draft = readDraft(request, user.id);

  if (intent === "add") {
    const parsed = parseAddForm(form);
    const problem = parsed.ok ? await sellLineProblem(context.db, parsed.line) : null;
    if (!parsed.ok || problem) {
      const message = !parsed.ok ? parsed.message : problem === "unknown_card" ? SELL_LIST_TEXT.unknownCard : SELL_LIST_TEXT.unknownPrinting;
      return data({ kind: "add" as const, message, cardId: parsed.ok ? parsed.line.cardId : parsed.cardId }, { status: 400 });
    }
    // Refused, not silently dropped, when the draft is full.
    if (!draftHasRoomFor(draft, parsed.line)) return data({ kind: "add" as const, message: DRAFT_MESSAGES.tooMany, cardId: parsed.line.cardId }, { status: 400 });
    const lines = mergeDraft(draft, [parsed.line]);
    return redirect(backTo(q, "added"), { headers: { "Set-Cookie": draftCookieHeader(context, user.id, lines) } });
  }
  if (intent === "clear") {
    return redirect(backTo(q, "cleared"), { headers: { "Set-Cookie": clearDraftCookieHeader(context) } });
  }
  if (intent !== "update" && intent !== "submit") return data({ kind: "list" as const, message: "Unknown request.", lineErrors: {}, posted: null, values: null, list: null }, { status: 400 });

  // The list as it stands in the form (what the customer sees and may have edited), with anything typed kept on refusal.
  const values = submitValuesOf(form);
  const parsed = parseListForm(form);
  if (!parsed.ok) return data({ kind: "list" as const, message: SELL_LIST_TEXT.fixLines, lineErrors: parsed.errors, posted: parsed.posted, values, list: null }, { status: 400 });
  const saveDraft = { "Set-Cookie": draftCookieHeader(context, user.id, parsed.lines) };

  if (intent === "update") {
    const removed = form.get("remove") !== null;
    const list = await sellListView(context.db, parsed.lines);
    return data({ kind: "list" as const, message: null, notice: removed ? SELL_LIST_TEXT.removed : SELL_LIST_TEXT.updated, lineErrors: {}, posted: null, values, list }, { headers: saveDraft });
  }

  const payout = values.payout === "cash" || values.payout === "credit" ? values.payout : null;
  const noteError = values.note.length > MAX_NOTE_LENGTH ? SELL_LIST_TEXT.noteTooLong : null;
  if (payout === null || noteError) {
    const list = await sellListView(context.db, parsed.lines);
    return data({ kind: "list" as const, message: noteError ?? SELL_LIST_TEXT.payout, lineErrors: {}, posted: null, values, list, fieldErrors: { payout: payout === null ? SELL_LIST_TEXT.payout : undefined, note: noteError ?? undefined } }, { status: 400, headers: saveDraft });
  }
  const brand = { shopName: context.shop.name, publicUrl: context.env.publicUrl };
  const result = await createSubmission(context.db, user.id, { lines: parsed.lines, payoutPreference: payout, note: values.note }, brand);
  if (!result.ok) {
    const refusal = submitRefusal(result);
    const list = await sellListView(context.db, parsed.lines);
    const retryAfter: Record<string, string> = result.reason === "rate_limited" ? { "Retry-After": String(result.retryAfterSeconds) } : {};
    return data({ kind: "list" as const, ...refusal, posted: null, values, list }, { status: result.reason === "rate_limited" ? 429 : 400, headers: { ...saveDraft, ...retryAfter } });
  }
  return redirect(`/account/sell-lists/${result.id}?submitted=1`, { headers: { "Set-Cookie": clearDraftCookieHeader(context) } });
}

/** The customer's own list: never stored by a shared cache; a refused submit says when to come back. */
export const headers: Route.HeadersFunction = privatePageHeaders;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Your sell list", description: "Build a list of the cards you want to sell us and see our instant offer.", noindex: true });

export default function SellList({ loaderData, actionData }: Route.ComponentProps) {
  return <SellListPage view={loaderData} answer={actionData} />;
}

import { Flame, Search } from "lucide-react";
import { Form, Link } from "react-router";
import { FormError, FormNotice } from "~/components/ui/form-message";
import { SelectField, TextField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import type { PostedLine, SubmitValues } from "~/modules/buylist/customer-draft";
import { MAX_DRAFT_QUANTITY, MAX_NOTE_LENGTH } from "~/modules/buylist/customer-draft";
import { SELL_LIST_PATH, SELL_LIST_TEXT, type SellListLineView, type SellListView, type SellSearchHit } from "~/modules/buylist/customer";
import { CONDITION_LABELS, CONDITIONS, PRINTING_LABELS } from "~/modules/catalog/variants";
import { formatPence } from "~/utils/money";

export interface SellListLoaderData {
  q: string;
  list: SellListView;
  results: SellSearchHit[] | null;
  notice: string | null;
}

/** What the action answers: a refused "add", or the list (updated, or refused with what was typed). */
export type SellListAnswer =
  | { kind: "add"; message: string; cardId: number | null }
  | {
      kind: "list";
      message: string | null;
      notice?: string;
      lineErrors: Record<number, string>;
      posted: PostedLine[] | null;
      values: SubmitValues | null;
      list: SellListView | null;
      fieldErrors?: { payout?: string; note?: string };
    };

const percent = (basisPoints: number) => `${basisPoints / 100} %`;

/** /sell-cards/list: search, the list with its instant offer, and the submit step; every step a plain form. */
export function SellListPage({ view, answer }: { view: SellListLoaderData; answer?: SellListAnswer }) {
  const listAnswer = answer?.kind === "list" ? answer : null;
  const list = listAnswer?.list ?? view.list;
  const notice = listAnswer?.notice ?? view.notice;
  return (
    <div className="mx-auto max-w-4xl space-y-8">
      <header>
        <p className="text-sm">
          <Link to="/sell-cards" className="font-medium text-amber-800 underline hover:text-amber-900">
            Sell your cards
          </Link>
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">Your sell list</h1>
        <p className="mt-3 text-slate-600">
          Add the cards you would like to sell us and see our instant offer: cash, or store credit worth {percent(list.rules.creditBonusBasisPoints)} more. We check
          your list and photos and send a quote within 24 hours; nothing is final until you accept it.
        </p>
      </header>

      <div aria-live="polite" className="space-y-2">
        {notice && !answer?.message && <FormNotice>{notice}</FormNotice>}
      </div>

      <CardSearch q={view.q} results={view.results} addError={answer?.kind === "add" ? answer : null} />
      <ListForm q={view.q} list={list} answer={listAnswer} fallbackLines={view.list.lines} />
    </div>
  );
}

function CardSearch({ q, results, addError }: { q: string; results: SellSearchHit[] | null; addError: { message: string; cardId: number | null } | null }) {
  return (
    <section aria-labelledby="find-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="find-heading" className="text-xl font-semibold text-slate-900">
        Find a card
      </h2>
      <Form method="get" action={SELL_LIST_PATH} className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
        <TextField name="find" label="Card name, set or number" hint="For example: Charizard, Charizard base set, or 4/102." defaultValue={q} maxLength={100} className="grow" type="search" />
        <button type="submit" className="inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-900 hover:bg-slate-50 sm:mb-5">
          <Search aria-hidden className="h-4 w-4" /> Find cards
        </button>
      </Form>
      {/* A refusal about a card not among the results shown (or with no search) is said here, so it is never lost. */}
      {addError && (addError.cardId === null || !results?.some((hit) => hit.cardId === addError.cardId)) && <FormError>{addError.message}</FormError>}
      {results !== null && (
        <div className="mt-4" aria-live="polite">
          {results.length === 0 ? (
            <p className="text-slate-600">{SELL_LIST_TEXT.noResults(q)}</p>
          ) : (
            <>
              <h3 className="sr-only">Search results</h3>
              <ul className="divide-y divide-slate-100" data-testid="sell-search-results">
                {results.map((hit) => (
                  <SearchHit key={hit.cardId} hit={hit} q={q} error={addError?.cardId === hit.cardId ? addError.message : undefined} />
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </section>
  );
}

function SearchHit({ hit, q, error }: { hit: SellSearchHit; q: string; error?: string }) {
  const id = `add-${hit.cardId}`;
  return (
    <li className="py-4" data-testid="sell-search-hit">
      <h4 id={`${id}-name`} className="font-semibold text-slate-900">
        {hit.name} <span className="font-normal text-slate-600">· {hit.setName} · {hit.number}</span>
      </h4>
      <ul className="mt-1 text-sm text-slate-600">
        {hit.nearMint.map((offer) => (
          <li key={offer.printing}>
            {PRINTING_LABELS[offer.printing]}, Near Mint:{" "}
            {offer.reasonText ? offer.reasonText : `${formatPence(offer.unitCash)} cash or ${formatPence(offer.unitCredit)} credit each`}
          </li>
        ))}
      </ul>
      {/* Posted to the page with the search, so a refusal comes back with the results it belongs to. */}
      <Form method="post" action={`${SELL_LIST_PATH}?${new URLSearchParams({ find: q })}`} aria-labelledby={`${id}-name`} className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-[1fr_1fr_6rem_auto] sm:items-end">
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="cardId" value={hit.cardId} />
        <input type="hidden" name="find" value={q} />
        <SelectField id={`${id}-printing`} name="printing" label="Printing" defaultValue={hit.printings[0]}>
          {hit.printings.map((p) => (
            <option key={p} value={p}>
              {PRINTING_LABELS[p]}
            </option>
          ))}
        </SelectField>
        <SelectField id={`${id}-condition`} name="condition" label="Condition" defaultValue="nm">
          {CONDITIONS.map((c) => (
            <option key={c} value={c}>
              {CONDITION_LABELS[c]}
            </option>
          ))}
        </SelectField>
        <TextField id={`${id}-quantity`} name="quantity" label="Copies" type="number" min={1} max={MAX_DRAFT_QUANTITY} defaultValue="1" inputMode="numeric" error={error} />
        <button type="submit" className="col-span-2 rounded-lg bg-amber-500 px-4 py-2 font-semibold text-slate-900 hover:bg-amber-400 sm:col-span-1">
          Add to list<span className="sr-only">: {hit.name}, {hit.setName} {hit.number}</span>
        </button>
      </Form>
    </li>
  );
}

function OfferText({ line }: { line: SellListLineView }) {
  if (line.unavailable) return <p className="text-sm font-medium text-red-700">{SELL_LIST_TEXT.unavailable}</p>;
  return (
    <div className="text-sm">
      {line.acceptedQuantity > 0 && (
        <p className="text-slate-700">
          {formatPence(line.unitCash)} cash / {formatPence(line.unitCredit)} credit each ·{" "}
          <strong className="font-semibold text-slate-900" data-testid="line-total">
            {formatPence(line.lineCash)} cash / {formatPence(line.lineCredit)} credit
          </strong>
          {line.hot && (
            <span className="ml-2 inline-flex items-center gap-1 rounded-full bg-orange-100 px-2 py-0.5 text-xs font-semibold text-orange-800">
              <Flame aria-hidden className="h-3 w-3" /> Hot: we pay more
            </span>
          )}
        </p>
      )}
      {line.reasonText && (
        <p className="mt-1 rounded bg-slate-100 px-2 py-1 text-slate-700" data-testid="line-reason">
          <span className="font-semibold">{line.acceptedQuantity === 0 ? "Not bought: " : "Partly bought: "}</span>
          {line.reasonText} {line.acceptedQuantity === 0 && "Counts as £0."}
        </p>
      )}
    </div>
  );
}

function ListForm({ q, list, answer, fallbackLines }: { q: string; list: SellListView; answer: Extract<SellListAnswer, { kind: "list" }> | null; fallbackLines: SellListLineView[] }) {
  const posted = answer?.posted ?? null;
  // Refused edits are shown as typed; the card names come from the list as it was.
  const rows = posted
    ? posted.map((p) => ({ posted: p, line: fallbackLines.find((l) => String(l.cardId) === p.cardId) ?? null }))
    : list.lines.map((line) => ({ posted: null, line }));
  const version = JSON.stringify(rows.map((r) => r.posted ?? [r.line?.cardId, r.line?.printing, r.line?.condition, r.line?.quantity]));
  const values = answer?.values;
  return (
    <section aria-labelledby="list-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="list-heading" className="text-xl font-semibold text-slate-900">
        Cards to sell
      </h2>
      <div aria-live="assertive">{answer?.message && <FormError>{answer.message}</FormError>}</div>
      {rows.length === 0 ? (
        <p className="mt-3 text-slate-600">{SELL_LIST_TEXT.empty}</p>
      ) : (
        <Form method="post" action={SELL_LIST_PATH} className="mt-4 space-y-6" key={version}>
          {/* Enter in a field presses the form's first button: this one, not a line's "Remove". */}
          <button type="submit" name="intent" value="update" tabIndex={-1} aria-hidden="true" className="sr-only">
            Update offer
          </button>
          <input type="hidden" name="find" value={q} />
          <input type="hidden" name="lines" value={rows.length} />
          <ol className="space-y-3" data-testid="sell-list">
            {rows.map((row, i) => (
              <ListLine key={i} index={i} line={row.line} posted={row.posted} error={answer?.lineErrors[i]} />
            ))}
          </ol>
          <div className="flex flex-wrap gap-2">
            <button type="submit" name="intent" value="update" className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-900 hover:bg-slate-50">
              Update offer
            </button>
            <button type="submit" name="intent" value="clear" className="rounded-lg px-4 py-2 font-semibold text-slate-700 underline hover:text-slate-900">
              Clear the list
            </button>
          </div>

          <dl className="grid grid-cols-2 gap-3 rounded-xl bg-amber-50 p-4 sm:grid-cols-3" data-testid="sell-totals" aria-live="polite">
            <div>
              <dt className="text-sm text-slate-600">Cash offer</dt>
              <dd className="text-xl font-bold text-slate-900">{formatPence(list.totals.cash)}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Or store credit</dt>
              <dd className="text-xl font-bold text-slate-900">{formatPence(list.totals.credit)}</dd>
            </div>
            <div className="col-span-2 sm:col-span-1">
              <dt className="text-sm text-slate-600">Copies we buy</dt>
              <dd className="text-xl font-bold text-slate-900">
                {list.totals.acceptedUnits} of {list.totals.units}
              </dd>
            </div>
          </dl>

          <fieldset className="space-y-3">
            <legend className="text-lg font-semibold text-slate-900">Send your list</legend>
            <fieldset aria-describedby={answer?.fieldErrors?.payout ? "payout-error" : undefined}>
              <legend className="text-sm font-medium text-slate-700">How would you like to be paid?</legend>
              <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:gap-6">
                <label className="flex items-center gap-2">
                  <input type="radio" name="payout" value="cash" defaultChecked={(values?.payout ?? "cash") === "cash"} className="h-4 w-4 accent-amber-600" />
                  Cash (PayPal or bank transfer): {formatPence(list.totals.cash)}
                </label>
                <label className="flex items-center gap-2">
                  <input type="radio" name="payout" value="credit" defaultChecked={values?.payout === "credit"} className="h-4 w-4 accent-amber-600" />
                  Store credit: {formatPence(list.totals.credit)}
                </label>
              </div>
              {answer?.fieldErrors?.payout && (
                <p id="payout-error" className="mt-1 text-sm font-medium text-red-700">
                  {answer.fieldErrors.payout}
                </p>
              )}
            </fieldset>
            <div>
              <label htmlFor="field-note" className="block text-sm font-medium text-slate-700">
                Anything we should know? (optional)
              </label>
              <textarea
                id="field-note"
                name="note"
                rows={3}
                maxLength={MAX_NOTE_LENGTH}
                defaultValue={values?.note ?? ""}
                aria-invalid={answer?.fieldErrors?.note ? true : undefined}
                className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 shadow-sm focus:border-amber-500 focus:outline-none focus:ring-2 focus:ring-amber-200"
              />
            </div>
            <p className="text-sm text-slate-600">
              After you submit, add photos of the fronts and backs on your sell list's page. If our quote is {formatPence(list.rules.prepaidLabelThresholdPence)} or more,
              we send you a prepaid label.
            </p>
            <SubmitButton name="intent" value="submit" busyLabel="Submitting…">
              Submit sell list
            </SubmitButton>
          </fieldset>
        </Form>
      )}
    </section>
  );
}

function ListLine({ index, line, posted, error }: { index: number; line: SellListLineView | null; posted: PostedLine | null; error?: string }) {
  const name = (field: string) => `line-${index}-${field}`;
  const label = line?.cardLabel ?? `Line ${index + 1}`;
  const printings = line?.printings ?? [];
  return (
    <li className="rounded-xl border border-slate-200 p-3 sm:p-4" data-testid="sell-line">
      <fieldset>
        <legend className="font-semibold text-slate-900">{label}</legend>
        <input type="hidden" name={name("card")} value={posted?.cardId ?? line?.cardId ?? ""} />
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-[1fr_1fr_6rem_auto] sm:items-end">
          <SelectField id={name("printing")} name={name("printing")} label="Printing" defaultValue={posted?.printing ?? line?.printing}>
            {printings.map((p) => (
              <option key={p} value={p}>
                {PRINTING_LABELS[p]}
              </option>
            ))}
          </SelectField>
          <SelectField id={name("condition")} name={name("condition")} label="Condition" defaultValue={posted?.condition ?? line?.condition}>
            {CONDITIONS.map((c) => (
              <option key={c} value={c}>
                {CONDITION_LABELS[c]}
              </option>
            ))}
          </SelectField>
          <TextField id={name("quantity")} name={name("quantity")} label="Copies" type="number" min={1} max={MAX_DRAFT_QUANTITY} inputMode="numeric" defaultValue={posted?.quantity ?? String(line?.quantity ?? "")} error={error} />
          <button type="submit" name="remove" value={index} className="col-span-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 sm:col-span-1">
            Remove<span className="sr-only"> {label}</span>
          </button>
        </div>
        {line && !posted && (
          <div className="mt-2">
            <OfferText line={line} />
          </div>
        )}
      </fieldset>
    </li>
  );
}

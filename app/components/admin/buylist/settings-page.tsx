import { Flame } from "lucide-react";
import { Form, Link } from "react-router";
import { FormError, FormNotice } from "~/components/ui/form-message";
import { formatDateTime } from "~/components/ui/format-date";
import { basisPointsToPercent, type BuylistSettingsPage, settingsFormValues, type SettingsActionResult, type WantedCardRow } from "~/modules/buylist/admin";

import { CONDITION_LABELS, CONDITIONS } from "~/modules/catalog/variants";
import { cardClass, dangerButton, FieldError, inputClass, primaryButton, secondaryButton } from "./parts";

/**
 * /admin/buylist/settings: the settings form, the card search that adds a card to the buylist,
 * the hot-list, and every card on the buylist with its own edit and remove forms. Every form is a
 * plain POST (works without JavaScript); a refusal shows its messages by the fields, with what was typed.
 */
export function BuylistSettingsPageView({ data, result }: { data: BuylistSettingsPage; result?: SettingsActionResult }) {
  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Buylist settings</h1>
          <p className="mt-1 text-slate-600">What the shop pays for cards, and which cards it wants.</p>
        </div>
        <Link to="/admin/buylist" className="text-sm font-medium text-amber-700 underline underline-offset-2">
          Back to the buylist
        </Link>
      </div>
      {result && result.intent !== "save-settings" && !(result.intent === "save-card" && !result.ok && result.cardId) && (
        <div aria-live="polite">{result.ok ? <FormNotice>{result.message}</FormNotice> : <FormError>{result.message}</FormError>}</div>
      )}
      <SettingsForm data={data} result={result?.intent === "save-settings" ? result : undefined} />
      <WantedCards data={data} result={result} />
    </div>
  );
}

function SettingsForm({ data, result }: { data: BuylistSettingsPage; result?: SettingsActionResult }) {
  const values = result && !result.ok && result.values ? result.values : settingsFormValues(data.settings);
  const errors = result && !result.ok ? (result.errors ?? {}) : {};
  const field = (name: string, label: string, suffix: string, hint?: string) => (
    <div>
      <label htmlFor={`setting-${name}`} className="block text-sm font-medium text-slate-800">
        {label} <span className="font-normal text-slate-600">({suffix})</span>
      </label>
      <input
        id={`setting-${name}`}
        name={name}
        inputMode="decimal"
        defaultValue={values[name] ?? ""}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={[hint ? `setting-${name}-hint` : "", errors[name] ? `setting-${name}-error` : ""].filter(Boolean).join(" ") || undefined}
        className={inputClass}
      />
      {hint && (
        <p id={`setting-${name}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={`setting-${name}-error`} message={errors[name]} />
    </div>
  );
  return (
    <section aria-labelledby="settings-heading" className={cardClass}>
      <h2 id="settings-heading" className="text-lg font-semibold text-slate-900">
        Rates and rules
      </h2>
      <Form method="post" className="mt-4 space-y-5" aria-describedby={result ? "settings-result" : undefined}>
        <input type="hidden" name="intent" value="save-settings" />
        <div id="settings-result" aria-live="polite">
          {result && (result.ok ? <FormNotice>{result.message}</FormNotice> : <FormError>{result.message}</FormError>)}
        </div>
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">Buy rate per condition (share of the market price paid in cash)</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-3 lg:grid-cols-5">{CONDITIONS.map((c) => <div key={c}>{field(`rate_${c}`, CONDITION_LABELS[c], "%")}</div>)}</div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {field("creditBonus", "Store credit bonus", "% on top of cash", "e.g. 20: £10.00 cash is £12.00 in credit.")}
          {field("minLineValue", "Minimum card value", "£ per card", "Cards whose cash offer is below this are not bought.")}
          {field("quoteValidDays", "Days a quote holds", "days")}
          {field("labelThreshold", "Prepaid label from", "£ quote", "Quotes at or over this get a prepaid postage label.")}
          {field("maxLines", "Most lines per sell list", "lines")}
        </div>
        <fieldset aria-describedby={errors.buyUnlistedCards ? "setting-buyUnlistedCards-error" : undefined}>
          <legend className="text-sm font-semibold text-slate-900">Cards not on the buylist</legend>
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
            <label className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-800">
              <input type="radio" name="buyUnlistedCards" value="yes" defaultChecked={values.buyUnlistedCards === "yes"} className="h-4 w-4 accent-amber-600" />
              Buy them at the rates above (when they have a market price)
            </label>
            <label className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-800">
              <input type="radio" name="buyUnlistedCards" value="no" defaultChecked={values.buyUnlistedCards === "no"} className="h-4 w-4 accent-amber-600" />
              Only buy cards on the buylist
            </label>
          </div>
          <FieldError id="setting-buyUnlistedCards-error" message={errors.buyUnlistedCards} />
        </fieldset>
        <button type="submit" className={primaryButton}>
          Save settings
        </button>
      </Form>
    </section>
  );
}

/** The fields of a card's buylist row; `prefix` keeps the ids unique per row. */
function WantedCardForm({
  cardId,
  prefix,
  initial,
  errors,
  submitLabel,
}: {
  cardId: number;
  prefix: string;
  initial: Record<string, string>;
  errors: Record<string, string>;
  submitLabel: string;
}) {
  const id = (name: string) => `${prefix}-${name}`;
  const text = (name: string, label: string, hint: string) => (
    <div>
      <label htmlFor={id(name)} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id(name)}
        name={name}
        inputMode="numeric"
        defaultValue={initial[name] ?? ""}
        placeholder={hint}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? id(`${name}-error`) : undefined}
        className={inputClass}
      />
      <FieldError id={id(`${name}-error`)} message={errors[name]} />
    </div>
  );
  return (
    <Form method="post" className="grid grid-cols-2 items-end gap-3 sm:grid-cols-3 lg:grid-cols-6">
      <input type="hidden" name="intent" value="save-card" />
      <input type="hidden" name="cardId" value={cardId} />
      <div>
        <label htmlFor={id("buying")} className="block text-xs font-medium text-slate-700">
          Buying
        </label>
        <select id={id("buying")} name="buying" defaultValue={initial.buying ?? "yes"} className={inputClass}>
          <option value="yes">Yes</option>
          <option value="no">No</option>
        </select>
      </div>
      {text("wantedQuantity", "Wanted in all", "no limit")}
      {text("maxPerSubmission", "Most per sell list", "no cap")}
      {text("hotPremium", "Hot premium %", "0")}
      <div className="col-span-2 sm:col-span-1 lg:col-span-1">
        <label htmlFor={id("note")} className="block text-xs font-medium text-slate-700">
          Note
        </label>
        <input id={id("note")} name="note" defaultValue={initial.note ?? ""} maxLength={200} className={inputClass} />
      </div>
      <button type="submit" className={`${secondaryButton} col-span-2 sm:col-span-1`}>
        {submitLabel}
      </button>
    </Form>
  );
}

function rowValues(row: WantedCardRow): Record<string, string> {
  return {
    buying: row.buying ? "yes" : "no",
    wantedQuantity: row.wantedQuantity === null ? "" : String(row.wantedQuantity),
    maxPerSubmission: row.maxPerSubmission === null ? "" : String(row.maxPerSubmission),
    hotPremium: row.hotPremiumBasisPoints ? basisPointsToPercent(row.hotPremiumBasisPoints) : "",
    note: row.note ?? "",
  };
}

function WantedCards({ data, result }: { data: BuylistSettingsPage; result?: SettingsActionResult }) {
  const refusedFor = (cardId: number) => (result && !result.ok && result.intent === "save-card" && result.cardId === cardId ? result : undefined);
  const formState = (cardId: number, initial: Record<string, string>) => {
    const refused = refusedFor(cardId);
    return { initial: refused?.values ?? initial, errors: refused?.errors ?? {}, refused };
  };
  return (
    <>
      <section aria-labelledby="add-card-heading" className={cardClass}>
        <h2 id="add-card-heading" className="text-lg font-semibold text-slate-900">
          Add a card to the buylist
        </h2>
        <p className="mt-1 text-sm text-slate-600">Search the card database by name, number or set, e.g. “charizard 4/102” or “sv3pt5 199”.</p>
        <Form method="get" role="search" aria-label="Search cards" className="mt-3 flex flex-wrap items-end gap-3">
          <div className="min-w-0 flex-1 basis-64">
            <label htmlFor="wanted-search" className="block text-sm font-medium text-slate-800">
              Card
            </label>
            <input id="wanted-search" name="q" type="search" defaultValue={data.query} maxLength={100} className={inputClass} />
          </div>
          <button type="submit" className={primaryButton}>
            Search cards
          </button>
        </Form>
        {data.results && (
          <div className="mt-4" aria-live="polite">
            {data.results.length === 0 ? (
              <p className="text-sm text-slate-600">No card matches “{data.query}”.</p>
            ) : (
              <ul className="divide-y divide-slate-200" data-testid="card-results">
                {data.results.map((hit) => {
                  const state = formState(hit.id, {});
                  return (
                    <li key={hit.id} className="py-3">
                      <p className="font-medium text-slate-900">
                        {hit.title} <span className="text-sm font-normal text-slate-600">({hit.setCode})</span>
                        {hit.onBuylist && <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">on the buylist</span>}
                      </p>
                      {state.refused && !["wantedQuantity", "maxPerSubmission", "hotPremium"].some((field) => state.errors[field]) && (
                        <div className="mt-2">
                          <FormError>{state.refused.message}</FormError>
                        </div>
                      )}
                      <div className="mt-2">
                        <WantedCardForm cardId={hit.id} prefix={`add-${hit.id}`} initial={state.initial} errors={state.errors} submitLabel={hit.onBuylist ? "Save" : "Add to buylist"} />
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        )}
      </section>

      <section aria-labelledby="hot-heading" className={cardClass}>
        <h2 id="hot-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Flame aria-hidden className="h-5 w-5 text-amber-600" /> Hot-list
        </h2>
        {data.hotList.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No card is on the hot-list. Give a card a hot premium to buy it above the normal rate.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200" data-testid="hot-list">
            {data.hotList.map((row) => (
              <li key={row.cardId} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
                <span className="font-medium text-slate-900">{row.title}</span>
                <span className="text-slate-700">
                  +{basisPointsToPercent(row.hotPremiumBasisPoints)} % · {row.buying ? "buying" : "not buying"}
                  {row.wantedQuantity !== null ? ` · wants ${row.wantedQuantity} (holds ${row.inStock}, ${row.inOpenSubmissions} coming)` : ""}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="wanted-heading" className={cardClass}>
        <h2 id="wanted-heading" className="text-lg font-semibold text-slate-900">
          Cards on the buylist
        </h2>
        {data.wanted.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No card has a buylist row yet: every priced card is bought at the default rates{data.settings.buyUnlistedCards ? "" : " — but the settings say to buy listed cards only, so nothing is bought"}.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200" data-testid="wanted-cards">
            {data.wanted.map((row) => {
              const state = formState(row.cardId, rowValues(row));
              return (
                <li key={row.cardId} className="py-4" data-card-id={row.cardId}>
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <p className="font-medium text-slate-900">{row.title}</p>
                    <p className="text-xs text-slate-600">
                      Holds {row.inStock} in stock, {row.inOpenSubmissions} in open sell lists · changed {formatDateTime(row.updatedAt)}
                    </p>
                  </div>
                  {state.refused && !["wantedQuantity", "maxPerSubmission", "hotPremium"].some((field) => state.errors[field]) && (
                    <div className="mt-2">
                      <FormError>{state.refused.message}</FormError>
                    </div>
                  )}
                  <div className="mt-2">
                    <WantedCardForm cardId={row.cardId} prefix={`card-${row.cardId}`} initial={state.initial} errors={state.errors} submitLabel="Save" />
                  </div>
                  <Form method="post" className="mt-2">
                    <input type="hidden" name="intent" value="remove-card" />
                    <input type="hidden" name="cardId" value={row.cardId} />
                    <button type="submit" className={dangerButton} aria-label={`Remove ${row.title} from the buylist`}>
                      Remove
                    </button>
                  </Form>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </>
  );
}

import { SlidersHorizontal } from "lucide-react";
import { useState, type ChangeEvent, type ReactNode } from "react";
import { Form, Link, useSubmit } from "react-router";
import {
  activeFilterCount,
  SORT_LABELS,
  type FilterField,
  type FilterProblem,
  type FindFilters,
  type FindSort,
  type SetShow,
} from "~/modules/catalog/find-filters";
import type { Facets } from "~/modules/catalog/find-view";
import { conditionLabel, CONDITIONS, printingLabel, PRINTINGS } from "~/modules/catalog/variants";

/** A value the form offers, with how many results it gives (null: not counted). */
interface Option {
  value: string;
  count: number | null;
}

interface FilterPanelProps {
  /** Where the GET form goes ("/sets/base1", "/search"). */
  action: string;
  /** Fields carried along unchanged (a search's `q`). */
  carry?: Record<string, string>;
  filters: FindFilters;
  /** Null for a broad search: every value is offered, none counted. */
  facets: Facets | null;
  sort: FindSort;
  sorts: readonly FindSort[];
  defaultSort: FindSort;
  /** Set pages only: listed cards or the whole set. */
  show?: SetShow;
  typed: { min: string; max: string };
  problems: FilterProblem[];
  /** What is being counted: "cards" or "products". */
  noun: string;
}

interface FormState {
  rarity: string[];
  condition: string[];
  printing: string[];
  instock: boolean;
  min: string;
  max: string;
  sort: string;
  show: string;
}

function stateOf(props: FilterPanelProps): FormState {
  return {
    rarity: props.filters.rarities,
    condition: props.filters.conditions,
    printing: props.filters.printings,
    instock: props.filters.inStock,
    min: props.typed.min,
    max: props.typed.max,
    sort: props.sort,
    show: props.show ?? "listed",
  };
}

const inputClass =
  "w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base focus:border-amber-500 focus:outline-none focus:ring-2 focus:ring-amber-200 sm:text-sm";

/**
 * The facet filters of a set page or a search: a plain GET form, so it works without JavaScript
 * (Apply). With JavaScript, ticking a box or choosing a sort applies it at once (the price boxes
 * still wait for Apply or Enter); the page keeps focus on the control, and the result count is
 * announced (ResultCount). Each value shows how many results it would give.
 */
export function FilterPanel(props: FilterPanelProps) {
  const { action, carry = {}, facets, problems, noun } = props;
  const submit = useSubmit();
  const serverKey = JSON.stringify(stateOf(props));
  const [state, setState] = useState<FormState>(() => stateOf(props));
  // The URL is the truth: after a navigation (back, a "clear" link), show what it says. Reset
  // while rendering, as React advises for state derived from props, not in an effect.
  const [shownKey, setShownKey] = useState(serverKey);
  if (shownKey !== serverKey) {
    setShownKey(serverKey);
    setState(stateOf(props));
  }

  const problemFor = (field: FilterField) => problems.find((p) => p.field === field)?.message;
  const active = activeFilterCount(props.filters);
  const clearHref = `${action}${Object.keys(carry).length > 0 ? `?${new URLSearchParams(carry)}` : ""}`;
  // With JavaScript the form is sent as the shortest URL that says the same (no blank boxes, no
  // default sort): the address a visitor copies or bookmarks stays readable.
  const send = (form: HTMLFormElement) => {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) {
      if (typeof value === "string" && value.trim() !== "") params.append(name, value);
    }
    if (params.get("sort") === props.defaultSort) params.delete("sort");
    if (params.get("show") === "listed") params.delete("show");
    void submit(params, { method: "get", action, preventScrollReset: true });
  };
  const applyNow = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const form = event.currentTarget.form;
    if (form) send(form);
  };
  const toggle = (field: "rarity" | "condition" | "printing", value: string) => (event: ChangeEvent<HTMLInputElement>) => {
    const checked = event.currentTarget.checked;
    setState((s) => ({ ...s, [field]: checked ? [...s[field], value] : s[field].filter((v) => v !== value) }));
    applyNow(event);
  };

  // Ticked values are listed even when no result has them now, so they can be unticked.
  const withSelected = (counts: Option[], selected: readonly string[]): Option[] => [
    ...counts,
    ...selected.filter((v) => !counts.some((c) => c.value === v)).map((value) => ({ value, count: facets ? 0 : null })),
  ];
  const uncounted = (values: readonly string[]): Option[] => values.map((value) => ({ value, count: null }));

  return (
    <details open={active > 0 || problems.length > 0 || undefined} className="group rounded-xl border border-slate-200 bg-white">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-xl px-4 py-3 font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-amber-500">
        <SlidersHorizontal aria-hidden className="h-4 w-4" />
        Filter and sort
        {active > 0 && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{active} active</span>}
        <span aria-hidden className="ml-auto text-sm font-normal text-slate-600 group-open:hidden">
          Show
        </span>
        <span aria-hidden className="ml-auto hidden text-sm font-normal text-slate-600 group-open:inline">
          Hide
        </span>
      </summary>
      <Form
        method="get"
        action={action}
        onSubmit={(event) => {
          event.preventDefault();
          send(event.currentTarget);
        }}
        className="space-y-5 border-t border-slate-200 px-4 pb-4 pt-4"
        data-testid="filter-form"
      >
        {Object.entries(carry).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <p className="text-sm text-slate-600">
          {facets
            ? `Numbers in brackets are how many ${noun} each choice gives.`
            : "This search matches more than 1,000 products, too many to count each choice: add a word to see counts."}{" "}
          With JavaScript, ticking a box updates the list at once.
        </p>
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          <CheckboxGroup
            legend="Condition"
            name="condition"
            options={withSelected(facets?.condition ?? uncounted(CONDITIONS), state.condition)}
            labelOf={conditionLabel}
            selected={state.condition}
            onToggle={(value) => toggle("condition", value)}
            error={problemFor("condition")}
          />
          <CheckboxGroup
            legend="Printing"
            name="printing"
            options={withSelected(facets?.printing ?? uncounted(PRINTINGS), state.printing)}
            labelOf={printingLabel}
            selected={state.printing}
            onToggle={(value) => toggle("printing", value)}
            error={problemFor("printing")}
          />
          <CheckboxGroup
            legend="Rarity"
            name="rarity"
            options={withSelected(facets?.rarity ?? [], state.rarity)}
            labelOf={(v) => v}
            selected={state.rarity}
            onToggle={(value) => toggle("rarity", value)}
            error={problemFor("rarity")}
            empty={facets ? "No rarities to choose from." : "Narrow the search to choose a rarity."}
          />
          <div className="space-y-4">
            <fieldset>
              <legend className="text-sm font-semibold text-slate-900">Price (£)</legend>
              <div className="mt-2 grid grid-cols-2 gap-2">
                <PriceBox id="filter-min" name="min" label="From" value={state.min} onChange={(min) => setState((s) => ({ ...s, min }))} error={problemFor("min")} />
                <PriceBox id="filter-max" name="max" label="To" value={state.max} onChange={(max) => setState((s) => ({ ...s, max }))} error={problemFor("max")} />
              </div>
            </fieldset>
            <div>
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  name="instock"
                  value="1"
                  checked={state.instock}
                  onChange={(event) => {
                    const instock = event.currentTarget.checked;
                    setState((s) => ({ ...s, instock }));
                    applyNow(event);
                  }}
                  className="h-4 w-4 rounded border-slate-400 text-amber-600 focus:ring-amber-500"
                />
                In stock only {facets && <span className="text-slate-600">({facets.inStock})</span>}
              </label>
              {problemFor("instock") && <p className="mt-1 text-sm font-medium text-red-700">{problemFor("instock")}</p>}
            </div>
          </div>
        </div>
        <div className="flex flex-wrap items-end gap-4">
          <div className="min-w-[12rem]">
            <label htmlFor="filter-sort" className="block text-sm font-semibold text-slate-900">
              Sort by
            </label>
            <select
              id="filter-sort"
              name="sort"
              value={state.sort}
              onChange={(event) => {
                const sort = event.currentTarget.value;
                setState((s) => ({ ...s, sort }));
                applyNow(event);
              }}
              aria-invalid={problemFor("sort") ? true : undefined}
              aria-describedby={problemFor("sort") ? "filter-sort-error" : undefined}
              className={`mt-1 ${inputClass}`}
            >
              {props.sorts.map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABELS[sort]}
                </option>
              ))}
            </select>
            {problemFor("sort") && (
              <p id="filter-sort-error" className="mt-1 text-sm font-medium text-red-700">
                {problemFor("sort")}
              </p>
            )}
          </div>
          {props.show !== undefined && (
            <div className="min-w-[12rem]">
              <label htmlFor="filter-show" className="block text-sm font-semibold text-slate-900">
                Show
              </label>
              <select
                id="filter-show"
                name="show"
                value={state.show}
                onChange={(event) => {
                  const show = event.currentTarget.value;
                  setState((s) => ({ ...s, show }));
                  applyNow(event);
                }}
                className={`mt-1 ${inputClass}`}
              >
                <option value="listed">Cards we list</option>
                <option value="all">Every card in the set</option>
              </select>
            </div>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className="rounded-lg bg-slate-900 px-4 py-2 font-semibold text-white hover:bg-slate-700">
              Apply filters
            </button>
            {(active > 0 || props.sort !== props.defaultSort || props.show === "all") && (
              <Link to={clearHref} className="text-sm font-semibold text-amber-800 underline hover:text-amber-900">
                Clear filters
              </Link>
            )}
          </div>
        </div>
      </Form>
    </details>
  );
}

function CheckboxGroup({
  legend,
  name,
  options,
  labelOf,
  selected,
  onToggle,
  error,
  empty = "None.",
}: {
  legend: string;
  name: string;
  options: Option[];
  labelOf: (value: string) => string;
  selected: readonly string[];
  onToggle: (value: string) => (event: ChangeEvent<HTMLInputElement>) => void;
  error?: string;
  empty?: string;
}) {
  return (
    <fieldset aria-describedby={error ? `filter-${name}-error` : undefined}>
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      {error && (
        <p id={`filter-${name}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {options.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-2 space-y-1.5">
          {options.map((option) => {
            const checked = selected.includes(option.value);
            return (
              <li key={option.value}>
                <label className={`flex items-center gap-2 text-sm ${option.count === 0 && !checked ? "text-slate-500" : "text-slate-800"}`}>
                  <input
                    type="checkbox"
                    name={name}
                    value={option.value}
                    checked={checked}
                    onChange={onToggle(option.value)}
                    className="h-4 w-4 rounded border-slate-400 text-amber-600 focus:ring-amber-500"
                  />
                  {labelOf(option.value)} {option.count !== null && <span className="text-slate-600">({option.count})</span>}
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}

function PriceBox({
  id,
  name,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm text-slate-700">
        {label}
        <span className="sr-only"> (pounds)</span>
      </label>
      <input
        id={id}
        name={name}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder="£"
        maxLength={40}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`mt-1 ${inputClass} ${error ? "border-red-500" : ""}`}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** Where a result count is announced: polite, so ticking a filter tells a screen reader what changed. */
export function ResultCount({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p role="status" aria-live="polite" data-testid={testId} className="text-sm text-slate-600">
      {children}
    </p>
  );
}

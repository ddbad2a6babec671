import type { FormEvent, ReactNode } from "react";
import { Form, Link } from "react-router";
import { SelectField } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-message";
import { SubmitButton } from "~/components/ui/submit-button";
import {
  CARD_LANGUAGES,
  DEFAULT_CARD_LANGUAGE,
  GRADED_ROW_SLOTS,
  MAX_LIST_QUANTITY,
  ROW_LABELS,
  fieldName,
  gradedRowKey,
  penceToPounds,
  rawRowKey,
  type ErrorField,
  type ListFormRefusal,
  type RowKey,
  type SingleListing,
  type VariantView,
} from "~/modules/catalog/singles";
import { CARD_LANGUAGE_LABELS, CONDITION_LABELS, CONDITIONS, GRADER_LABELS, GRADERS, GRADES, PRINTING_LABELS, type Condition, type Printing } from "~/modules/catalog/variants";
import { formatPence } from "~/utils/money";
import { VariantStock } from "./variant-stock";

const FORM_ID = "listing-form";

/** "row-nm-holo": ids of a row's controls ("row-nm-holo-price"). */
function rowId(key: RowKey): string {
  return `row-${key.replace(".", "-")}`;
}

/**
 * Where the cursor goes when the form shows: the first refused field, else the first ticked
 * row's price (or its quantity when the price is filled in already).
 */
export function firstFieldToFocus(refusal?: ListFormRefusal): HTMLElement | null {
  const form = document.getElementById(FORM_ID);
  if (!form) return null;
  if (refusal) {
    const invalid = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) return invalid;
  }
  const box = form.querySelector<HTMLInputElement>('input[type="checkbox"]:checked');
  const row = box?.closest("[data-row]");
  const price = row?.querySelector<HTMLInputElement>('input[name$=".price"]');
  if (price && price.value.trim() === "") return price;
  return row?.querySelector<HTMLInputElement>('input[name$=".qty"]') ?? box ?? null;
}

/** With JavaScript, typing a quantity or price in a row ticks it: one keystroke fewer per row. */
function tickOnInput(event: FormEvent<HTMLDivElement>) {
  const target = event.target as HTMLInputElement | HTMLSelectElement;
  if (target instanceof HTMLInputElement && target.type === "checkbox") return;
  if (target.value.trim() === "") return;
  const box = event.currentTarget.querySelector<HTMLInputElement>('input[type="checkbox"]');
  if (box) box.checked = true;
}

interface RowValues {
  on: boolean;
  qty: string;
  price: string;
  member: string;
}

const inputClass = (invalid: boolean) =>
  `mt-0.5 block w-full rounded-md border bg-white px-2 py-1.5 text-sm tabular-nums text-slate-900 placeholder:text-slate-400 focus:outline-none focus:ring-2 ${
    invalid ? "border-red-500 focus:ring-red-200" : "border-slate-300 focus:border-amber-500 focus:ring-amber-200"
  }`;

/** One of a row's number fields, labelled on a phone and, on wider screens, by the column heading. */
function RowInput({
  id,
  name,
  label,
  rowName,
  defaultValue,
  invalid,
  describedBy,
  inputMode,
  placeholder,
  maxLength,
}: {
  id: string;
  name: string;
  label: string;
  rowName: string;
  defaultValue: string;
  invalid: boolean;
  describedBy?: string;
  inputMode: "numeric" | "decimal";
  placeholder?: string;
  maxLength: number;
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-xs font-medium text-slate-600 sm:sr-only">
        {label}
        <span className="sr-only">, {rowName}</span>
      </label>
      <input
        id={id}
        name={name}
        type="text"
        inputMode={inputMode}
        autoComplete="off"
        defaultValue={defaultValue}
        placeholder={placeholder}
        maxLength={maxLength}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className={inputClass(invalid)}
      />
    </div>
  );
}

/** The column headings of a group of rows, for sighted users on wider screens (each input has its own label). */
function ColumnHeadings({ first }: { first: string }) {
  return (
    <div aria-hidden className="hidden gap-3 px-1 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500 sm:grid sm:grid-cols-[minmax(0,1fr)_5rem_7rem_7rem]">
      <span>{first}</span>
      <span>Quantity</span>
      <span>Price (£)</span>
      <span>Member (£)</span>
    </div>
  );
}

function RowShell({ rowKey, error, children, extra }: { rowKey: RowKey; error?: { field: ErrorField; message: string }; children: ReactNode; extra?: ReactNode }) {
  return (
    <div data-row={rowKey} onInput={tickOnInput} className={`border-t border-slate-100 py-2 first:border-t-0 ${error ? "bg-red-50/60" : ""}`}>
      {children}
      {extra}
      {error && (
        <p id={`${rowId(rowKey)}-error`} className="mt-1 px-1 text-sm font-medium text-red-700">
          {error.message}
        </p>
      )}
    </div>
  );
}

function RawRow({
  condition,
  printing,
  values,
  existing,
  suggestion,
  error,
}: {
  condition: Condition;
  printing: Printing;
  values: RowValues;
  existing?: VariantView;
  suggestion?: number;
  error?: { field: ErrorField; message: string };
}) {
  const key = rawRowKey(condition, printing);
  const id = rowId(key);
  const rowName = ROW_LABELS.raw(condition, printing);
  const info = existing
    ? `Now ${existing.stock} in stock at ${formatPence(existing.price)}`
    : suggestion !== undefined
      ? `Market price ${formatPence(suggestion)}`
      : null;
  const describedBy = (field: ErrorField) => [error && (error.field === field || error.field === "row") ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <RowShell rowKey={key} error={error}>
      <div className="grid grid-cols-3 items-end gap-x-3 gap-y-1 px-1 sm:grid-cols-[minmax(0,1fr)_5rem_7rem_7rem] sm:items-center">
        <div className="col-span-3 flex min-w-0 flex-wrap items-center gap-x-2 sm:col-span-1">
          <input
            id={`${id}-on`}
            name={fieldName(key, "on")}
            type="checkbox"
            defaultChecked={values.on}
            aria-describedby={[info ? `${id}-info` : null, error?.field === "row" ? `${id}-error` : null].filter(Boolean).join(" ") || undefined}
            aria-invalid={error?.field === "row" || undefined}
            className="h-5 w-5 shrink-0 rounded border-slate-400 accent-amber-600"
          />
          <label htmlFor={`${id}-on`} className="font-medium text-slate-900">
            {CONDITION_LABELS[condition]}
            <span className="sr-only"> · {PRINTING_LABELS[printing]}</span>
          </label>
          {info && (
            <span id={`${id}-info`} className="text-xs text-slate-600">
              {info}
            </span>
          )}
        </div>
        <RowInput
          id={`${id}-qty`}
          name={fieldName(key, "qty")}
          label="Quantity"
          rowName={rowName}
          defaultValue={values.qty}
          invalid={error?.field === "qty"}
          describedBy={describedBy("qty")}
          inputMode="numeric"
          maxLength={5}
        />
        <RowInput
          id={`${id}-price`}
          name={fieldName(key, "price")}
          label="Price (£)"
          rowName={rowName}
          defaultValue={values.price}
          invalid={error?.field === "price"}
          describedBy={describedBy("price")}
          inputMode="decimal"
          placeholder={suggestion !== undefined ? penceToPounds(suggestion) : "0.00"}
          maxLength={14}
        />
        <RowInput
          id={`${id}-member`}
          name={fieldName(key, "member")}
          label="Member (£)"
          rowName={rowName}
          defaultValue={values.member}
          invalid={error?.field === "member"}
          describedBy={describedBy("member")}
          inputMode="decimal"
          placeholder="optional"
          maxLength={14}
        />
      </div>
    </RowShell>
  );
}

function GradedRow({ slot, values, error }: { slot: number; values: RowValues & { grader: string; grade: string }; error?: { field: ErrorField; message: string } }) {
  const key = gradedRowKey(slot);
  const id = rowId(key);
  const rowName = ROW_LABELS.graded(slot);
  const describedBy = (field: ErrorField) => (error && (error.field === field || error.field === "row") ? `${id}-error` : undefined);
  const selectClass = (invalid: boolean) => inputClass(invalid);
  return (
    <RowShell rowKey={key} error={error}>
      <div className="grid grid-cols-2 items-end gap-x-3 gap-y-2 px-1 sm:grid-cols-[auto_8rem_6rem] sm:items-center">
        <div className="col-span-2 flex items-center gap-2 sm:col-span-1">
          <input
            id={`${id}-on`}
            name={fieldName(key, "on")}
            type="checkbox"
            defaultChecked={values.on}
            className="h-5 w-5 shrink-0 rounded border-slate-400 accent-amber-600"
          />
          <label htmlFor={`${id}-on`} className="font-medium text-slate-900">
            {rowName}
          </label>
        </div>
        <div>
          <label htmlFor={`${id}-grader`} className="block text-xs font-medium text-slate-600">
            Grader<span className="sr-only">, {rowName}</span>
          </label>
          <select
            id={`${id}-grader`}
            name={fieldName(key, "grader")}
            defaultValue={values.grader}
            aria-invalid={error?.field === "grader" || undefined}
            aria-describedby={describedBy("grader")}
            className={selectClass(error?.field === "grader")}
          >
            <option value="">Choose…</option>
            {GRADERS.map((g) => (
              <option key={g} value={g}>
                {GRADER_LABELS[g]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-grade`} className="block text-xs font-medium text-slate-600">
            Grade<span className="sr-only">, {rowName}</span>
          </label>
          <select
            id={`${id}-grade`}
            name={fieldName(key, "grade")}
            defaultValue={values.grade}
            aria-invalid={error?.field === "grade" || undefined}
            aria-describedby={describedBy("grade")}
            className={selectClass(error?.field === "grade")}
          >
            <option value="">Choose…</option>
            {GRADES.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="mt-2 grid grid-cols-3 gap-x-3 px-1 sm:max-w-md">
        <RowInput id={`${id}-qty`} name={fieldName(key, "qty")} label="Quantity" rowName={rowName} defaultValue={values.qty} invalid={error?.field === "qty"} describedBy={describedBy("qty")} inputMode="numeric" maxLength={5} />
        <RowInput id={`${id}-price`} name={fieldName(key, "price")} label="Price (£)" rowName={rowName} defaultValue={values.price} invalid={error?.field === "price"} describedBy={describedBy("price")} inputMode="decimal" placeholder="0.00" maxLength={14} />
        <RowInput id={`${id}-member`} name={fieldName(key, "member")} label="Member (£)" rowName={rowName} defaultValue={values.member} invalid={error?.field === "member"} describedBy={describedBy("member")} inputMode="decimal" placeholder="optional" maxLength={14} />
      </div>
    </RowShell>
  );
}

/** The language most of the card's raw variants are in: a second listing carries on in it. */
function usualLanguage(variants: VariantView[]): string {
  const counts = new Map<string, number>();
  for (const v of variants) if (v.language) counts.set(v.language, (counts.get(v.language) ?? 0) + 1);
  let best = DEFAULT_CARD_LANGUAGE;
  let most = 0;
  for (const [language, n] of counts) if (n > most && CARD_LANGUAGES.includes(language)) [best, most] = [language, n];
  return best;
}

/** The grid of a picked card: a row per condition × printing, graded slabs below, then "List card". */
export function ListingForm({ listing, query, refusal }: { listing: SingleListing; query: string; refusal?: ListFormRefusal }) {
  const { card, product, variants, printings, categories, singlesCategoryByLanguage, suggestions } = listing;
  const values = refusal?.values;
  const language = values?.language ?? usualLanguage(variants);
  const rowErrors = refusal?.rowErrors ?? {};

  const raw = (condition: Condition, printing: Printing): RowValues => {
    const key = rawRowKey(condition, printing);
    if (values) {
      return {
        on: values[fieldName(key, "on")] !== undefined,
        qty: values[fieldName(key, "qty")] ?? "",
        price: values[fieldName(key, "price")] ?? "",
        member: values[fieldName(key, "member")] ?? "",
      };
    }
    const existing = variants.find((v) => v.condition === condition && v.printing === printing && v.language === language);
    const suggestion = suggestions[key];
    return {
      // Near Mint of the card's first printing: most copies an admin lists are that.
      on: condition === "nm" && printing === printings[0],
      qty: "1",
      price: existing ? penceToPounds(existing.price) : suggestion !== undefined ? penceToPounds(suggestion) : "",
      member: existing?.premiumPrice != null ? penceToPounds(existing.premiumPrice) : "",
    };
  };
  const graded = (slot: number) => {
    const key = gradedRowKey(slot);
    return {
      on: values?.[fieldName(key, "on")] !== undefined,
      grader: values?.[fieldName(key, "grader")] ?? "",
      grade: values?.[fieldName(key, "grade")] ?? "",
      qty: values?.[fieldName(key, "qty")] ?? "1",
      price: values?.[fieldName(key, "price")] ?? "",
      member: values?.[fieldName(key, "member")] ?? "",
    };
  };
  const gradedOpen = Array.from({ length: GRADED_ROW_SLOTS }, (_, slot) => graded(slot)).some((g) => g.on) || Object.keys(rowErrors).some((k) => k.startsWith("g"));
  const errorLinks = Object.entries(rowErrors).flatMap(([key, error]) => {
    if (!error) return [];
    const [condition, printing] = key.split(".") as [Condition, Printing];
    const name = key.startsWith("g") ? ROW_LABELS.graded(Number(key.slice(1))) : ROW_LABELS.raw(condition, printing);
    const field = error.field === "row" ? "on" : error.field;
    return [{ key, href: `#${rowId(key as RowKey)}-${field}`, text: `${name}: ${error.message}` }];
  });
  const categoryGroups = [...new Set(categories.map((c) => c.languageCode))];
  const autoCategory = categories.find((c) => c.id === singlesCategoryByLanguage[language]);
  const action = `/admin/singles/new?${new URLSearchParams({ ...(query ? { q: query } : {}), card: String(card.id) }).toString()}`;

  return (
    <Form id={FORM_ID} method="post" action={action} noValidate aria-labelledby="listing-heading" className="space-y-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <input type="hidden" name="cardId" value={card.id} />
      <div className="space-y-1">
        <h2 id="listing-heading" className="text-xl font-bold text-slate-900">
          {card.title}
        </h2>
        <p className="text-sm text-slate-600">
          <span className="font-mono">{card.setCode}</span>
          {card.rarity ? ` · ${card.rarity}` : ""}
          {card.printings ? ` · printed as ${card.printings.map((p) => PRINTING_LABELS[p]).join(", ")}` : " · printings unknown"}
        </p>
        {product ? (
          <div className="space-y-2 pt-1 text-sm text-slate-700">
            <p>
              Listed already as{" "}
              <Link to={`/products/${product.slug}`} className="font-medium text-amber-700 underline underline-offset-2">
                {product.name}
              </Link>{" "}
              in {product.categoryName}
              {product.isVisible ? "" : " (hidden from the shop)"}. Ticked rows add to its stock and set its prices.
            </p>
            <VariantStock variants={variants} label={`Stock of ${product.name}`} />
          </div>
        ) : (
          <p className="pt-1 text-sm text-slate-700">Not listed yet: listing creates its product page.</p>
        )}
      </div>

      {refusal && (
        <FormError>
          <p className="font-semibold">{refusal.message}</p>
          {errorLinks.length > 0 && (
            <ul className="mt-1 list-disc space-y-0.5 pl-5">
              {errorLinks.map((link) => (
                <li key={link.key}>
                  <a href={link.href} className="underline underline-offset-2">
                    {link.text}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </FormError>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          name="language"
          label="Printed in"
          defaultValue={language}
          error={refusal?.field === "language" ? refusal.message : undefined}
          hint="The language of the copies you are listing (not of graded slabs)."
        >
          {CARD_LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {CARD_LANGUAGE_LABELS[code]}
            </option>
          ))}
        </SelectField>
        {!product && (
          <SelectField
            name="categoryId"
            label="Category"
            defaultValue={values?.categoryId ?? ""}
            error={refusal?.field === "category" ? refusal.message : undefined}
            hint={autoCategory ? `Automatic puts ${CARD_LANGUAGE_LABELS[language] ?? language} cards in ${autoCategory.name}.` : "Automatic: the Singles category of the language, when there is one."}
          >
            <option value="">Automatic (Singles of the language)</option>
            {categoryGroups.map((code) => (
              <optgroup key={code} label={categories.find((c) => c.languageCode === code)?.languageName ?? code}>
                {categories
                  .filter((c) => c.languageCode === code)
                  .map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                      {c.isVisible ? "" : " (hidden)"}
                    </option>
                  ))}
              </optgroup>
            ))}
          </SelectField>
        )}
      </div>

      <p className="text-sm text-slate-600">
        Tick each condition you have, with how many and the price in pounds (quantity 0 only sets the price). The member price is optional.
      </p>

      {printings.map((printing) => (
        <fieldset key={printing} className="rounded-xl border border-slate-200 px-2 pb-2 sm:px-3">
          <legend className="px-1 text-sm font-semibold text-slate-800">{PRINTING_LABELS[printing]}</legend>
          <ColumnHeadings first="Condition" />
          {CONDITIONS.map((condition) => (
            <RawRow
              key={condition}
              condition={condition}
              printing={printing}
              values={raw(condition, printing)}
              existing={variants.find((v) => v.condition === condition && v.printing === printing && v.language === language)}
              suggestion={suggestions[rawRowKey(condition, printing)]}
              error={rowErrors[rawRowKey(condition, printing)]}
            />
          ))}
        </fieldset>
      ))}

      <details open={gradedOpen} className="rounded-xl border border-slate-200 px-3 py-2">
        <summary className="cursor-pointer text-sm font-semibold text-slate-800">Graded slabs (PSA, BGS, CGC…)</summary>
        <div className="mt-2">
          {Array.from({ length: GRADED_ROW_SLOTS }, (_, slot) => (
            <GradedRow key={slot} slot={slot} values={graded(slot)} error={rowErrors[gradedRowKey(slot)]} />
          ))}
        </div>
      </details>

      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton busyLabel="Listing…">List card</SubmitButton>
        <Link to={query ? `/admin/singles/new?q=${encodeURIComponent(query)}` : "/admin/singles/new"} className="text-sm font-medium text-slate-700 underline underline-offset-2">
          Cancel
        </Link>
        <span className="text-xs text-slate-500">Quantities up to {MAX_LIST_QUANTITY} a row.</span>
      </div>
    </Form>
  );
}

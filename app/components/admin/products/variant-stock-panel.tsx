import { Form } from "react-router";
import { FormError } from "~/components/ui/form-message";
import { SelectField, TextField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import type { AdminVariantView, ProductRefusal } from "~/modules/catalog/product-admin-view";
import { STOCK_ADJUST_REASON_LABELS, STOCK_ADJUST_REASONS, variantField } from "~/modules/catalog/product-form";
import { CARD_LANGUAGE_LABELS, CONDITION_LABELS, CONDITIONS, GRADER_LABELS, GRADERS, GRADES, PRINTING_LABELS, PRINTINGS } from "~/modules/catalog/variants";
import { formatPence, penceToPounds } from "~/utils/money";

const smallInput =
  "mt-1 block w-full rounded-lg border bg-white px-2 py-1.5 text-sm text-slate-900 shadow-sm focus:outline-none focus:ring-2 focus:border-amber-500 focus:ring-amber-200";

/** "Adjust stock" of one variant: set a count or add/remove units, with a reason; refused values come back. */
function AdjustStockForm({ variant, refusal }: { variant: AdminVariantView; refusal: ProductRefusal | null }) {
  const values = refusal?.values ?? {};
  const errors = refusal?.errors ?? {};
  const id = `adjust-${variant.id}`;
  return (
    <details open={Boolean(refusal)} className="rounded-lg border border-slate-200 bg-slate-50">
      <summary className="cursor-pointer px-3 py-2 text-sm font-semibold text-slate-800">Adjust stock</summary>
      <Form method="post" noValidate className="space-y-3 border-t border-slate-200 p-3" aria-label={`Adjust stock of ${variant.label ?? "the product"}`}>
        <input type="hidden" name="intent" value="adjust-stock" />
        <input type="hidden" name="variantId" value={variant.id} />
        {refusal && <FormError>{refusal.message}</FormError>}
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Change</legend>
          <div className="mt-1 flex flex-wrap gap-4 text-sm">
            <label className="inline-flex items-center gap-2">
              <input type="radio" name="mode" value="set" defaultChecked={(values.mode ?? "set") === "set"} /> Set the count to
            </label>
            <label className="inline-flex items-center gap-2">
              <input type="radio" name="mode" value="delta" defaultChecked={values.mode === "delta"} /> Add or remove (e.g. 5 or -2)
            </label>
          </div>
          {errors.mode && <p className="mt-1 text-sm font-medium text-red-700">{errors.mode}</p>}
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField id={`${id}-amount`} name="amount" label="Units" inputMode="numeric" defaultValue={values.amount ?? ""} error={errors.amount} />
          <SelectField id={`${id}-reason`} name="reason" label="Reason" defaultValue={values.reason ?? ""} error={errors.reason}>
            <option value="">Choose a reason</option>
            {STOCK_ADJUST_REASONS.map((r) => (
              <option key={r} value={r}>
                {STOCK_ADJUST_REASON_LABELS[r]}
              </option>
            ))}
          </SelectField>
          <TextField
            id={`${id}-note`}
            name="note"
            label="Note"
            maxLength={500}
            defaultValue={values.note ?? ""}
            error={errors.note}
            hint="Needed for “Other”."
          />
        </div>
        <SubmitButton busyLabel="Recording..." className="px-4 py-2 text-sm">
          Record stock change
        </SubmitButton>
      </Form>
    </details>
  );
}

/**
 * The product's variants: stock (with units held by checkouts), the adjust-stock form of each,
 * and for a single the editable prices, limits and pinned flags (one form, `variants-form`),
 * and removing a variant that was never ordered.
 */
export function VariantsPanel({ single, variants, refusal }: { single: boolean; variants: AdminVariantView[]; refusal: ProductRefusal | null }) {
  const tableRefusal = refusal?.form === "variants" ? refusal : null;
  const values = tableRefusal?.values ?? {};
  const errors = tableRefusal?.errors ?? {};
  const valueOf = (v: AdminVariantView, field: "price" | "member" | "limit") => {
    const typed = values[variantField(v.id, field)];
    if (typed !== undefined && tableRefusal && Object.keys(values).length > 0) return typed;
    if (field === "price") return penceToPounds(v.price);
    if (field === "member") return v.premiumPrice === null ? "" : penceToPounds(v.premiumPrice);
    return v.limitPerCustomer === null ? "" : String(v.limitPerCustomer);
  };
  return (
    <div className="space-y-3">
      {tableRefusal && <FormError>{tableRefusal.message}</FormError>}
      {single && <Form id="variants-form" method="post" className="hidden" aria-hidden />}
      <ul className="space-y-3">
        {variants.map((v) => (
          <li key={v.id} data-testid="admin-variant" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="font-semibold text-slate-900">{v.label ?? "Stock"}</h3>
              <p className="text-sm text-slate-700">
                <span data-testid="variant-stock" className="text-base font-semibold tabular-nums text-slate-900">
                  {v.stock.toLocaleString("en-GB")}
                </span>{" "}
                in stock
                {v.held > 0 && <span className="text-slate-600"> · {v.held} held by checkouts</span>}
                {!single && (
                  <span className="text-slate-600">
                    {" "}
                    · {formatPence(v.price)}
                    {v.premiumPrice !== null && ` (members ${formatPence(v.premiumPrice)})`}
                  </span>
                )}
              </p>
            </div>
            {single && (
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                {(["price", "member", "limit"] as const).map((field) => {
                  const name = variantField(v.id, field);
                  const error = errors[name];
                  return (
                    <div key={field}>
                      <label htmlFor={`field-${name}`} className="block text-xs font-medium text-slate-700">
                        {field === "price" ? "Price (£)" : field === "member" ? "Member price (£)" : "Own limit"}
                        <span className="sr-only"> of {v.label ?? "the product"}</span>
                      </label>
                      <input
                        id={`field-${name}`}
                        name={name}
                        form="variants-form"
                        inputMode={field === "limit" ? "numeric" : "decimal"}
                        defaultValue={valueOf(v, field)}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `field-${name}-error` : undefined}
                        className={`${smallInput} ${error ? "border-red-400" : "border-slate-300"}`}
                      />
                      {error && (
                        <p id={`field-${name}-error`} className="mt-1 text-xs font-medium text-red-700">
                          {error}
                        </p>
                      )}
                    </div>
                  );
                })}
                <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    name={variantField(v.id, "pinned")}
                    form="variants-form"
                    defaultChecked={tableRefusal ? values[variantField(v.id, "pinned")] === "on" : v.pricePinned}
                  />
                  Price pinned<span className="sr-only"> of {v.label ?? "the product"}</span>
                </label>
              </div>
            )}
            <AdjustStockForm variant={v} refusal={refusal?.form === "stock" && refusal.variantId === v.id ? refusal : null} />
            {single && variants.length > 1 && (
              <Form method="post" className="flex flex-wrap items-center gap-2 text-sm">
                <input type="hidden" name="intent" value="remove-variant" />
                <input type="hidden" name="variantId" value={v.id} />
                {v.inUse ? (
                  <span className="text-slate-600">Ordered or held by a checkout: kept.</span>
                ) : (
                  <button type="submit" className="rounded-lg border border-red-300 bg-white px-3 py-1.5 font-semibold text-red-800 hover:bg-red-50">
                    Remove variant<span className="sr-only"> {v.label}</span>
                  </button>
                )}
              </Form>
            )}
          </li>
        ))}
      </ul>
      {single && (
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="submit"
            form="variants-form"
            name="intent"
            value="variants"
            className="rounded-lg bg-amber-500 px-5 py-2.5 font-semibold text-slate-900 shadow-sm hover:bg-amber-400"
          >
            Save variant prices
          </button>
          <span className="text-sm text-slate-600">Saves the price, member price, limit and pin of every variant above.</span>
        </div>
      )}
    </div>
  );
}

/** "Add a variant" of a single: raw (condition × printing) or graded (grader × grade), a language, prices, opening stock. */
export function AddVariantForm({ refusal }: { refusal: ProductRefusal | null }) {
  const values = refusal?.values ?? {};
  const errors = refusal?.errors ?? {};
  return (
    <details open={Boolean(refusal)} className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <summary className="cursor-pointer px-4 py-3 font-semibold text-slate-900">Add a variant</summary>
      <Form method="post" noValidate className="space-y-3 border-t border-slate-200 p-4" aria-label="Add a variant">
        <input type="hidden" name="intent" value="add-variant" />
        {refusal && <FormError>{refusal.message}</FormError>}
        <SelectField name="new.kind" label="Kind" defaultValue={values["new.kind"] || "raw"} error={errors["new.kind"]}>
          <option value="raw">Raw card (condition and printing)</option>
          <option value="graded">Graded slab (grader and grade)</option>
        </SelectField>
        <div className="grid gap-3 sm:grid-cols-3">
          <SelectField name="new.condition" label="Condition (raw)" defaultValue={values["new.condition"] ?? "nm"}>
            {CONDITIONS.map((c) => (
              <option key={c} value={c}>
                {CONDITION_LABELS[c]}
              </option>
            ))}
          </SelectField>
          <SelectField name="new.printing" label="Printing (raw)" defaultValue={values["new.printing"] ?? "normal"}>
            {PRINTINGS.map((p) => (
              <option key={p} value={p}>
                {PRINTING_LABELS[p]}
              </option>
            ))}
          </SelectField>
          <SelectField name="new.language" label="Language" defaultValue={values["new.language"] ?? "en"}>
            {Object.entries(CARD_LANGUAGE_LABELS).map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </SelectField>
          <SelectField name="new.grader" label="Grader (graded)" defaultValue={values["new.grader"] ?? "psa"}>
            {GRADERS.map((g) => (
              <option key={g} value={g}>
                {GRADER_LABELS[g]}
              </option>
            ))}
          </SelectField>
          <SelectField name="new.grade" label="Grade (graded)" defaultValue={values["new.grade"] ?? "10"}>
            {GRADES.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </SelectField>
          <TextField name="new.stock" label="Opening stock" inputMode="numeric" defaultValue={values["new.stock"] ?? "0"} error={errors["new.stock"]} />
          <TextField name="new.price" label="Price (£)" inputMode="decimal" defaultValue={values["new.price"] ?? ""} error={errors["new.price"]} />
          <TextField
            name="new.member"
            label="Member price (£, optional)"
            inputMode="decimal"
            defaultValue={values["new.member"] ?? ""}
            error={errors["new.member"]}
          />
        </div>
        <SubmitButton busyLabel="Adding..." className="px-4 py-2 text-sm">
          Add variant
        </SubmitButton>
      </Form>
    </details>
  );
}

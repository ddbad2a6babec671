import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { TextField } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-message";
import { SubmitButton } from "~/components/ui/submit-button";
import { COUPON_NOTE_MAX, type CategoryOption, type CouponFieldErrors, type CouponFormValues } from "~/modules/pricing/coupon-form";

const inputClass = (error?: string) =>
  `mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-none focus:ring-2 ${
    error ? "border-red-400 focus:border-red-500 focus:ring-red-200" : "border-slate-300 focus:border-amber-500 focus:ring-amber-200"
  }`;

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {error}
    </p>
  ) : null;
}

/** Categories by language, for the "restricted to" checkboxes. */
function byLanguage(options: CategoryOption[]): [string, CategoryOption[]][] {
  const groups = new Map<string, CategoryOption[]>();
  for (const option of options) groups.set(option.languageName, [...(groups.get(option.languageName) ?? []), option]);
  return [...groups];
}

/**
 * The coupon form, for a new coupon (the code typed) and an existing one (the code fixed: orders
 * refer to it). Works without JavaScript: both discount inputs are always there, the radio
 * says which counts. A refusal shows its message on top (focused, so it is read out) and each
 * field's beside it, with everything typed put back.
 */
export function CouponForm({
  mode,
  values,
  errors,
  message,
  categories,
}: {
  mode: "create" | "edit";
  values: CouponFormValues;
  errors: CouponFieldErrors;
  message?: string;
  categories: CategoryOption[];
}) {
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) errorRef.current?.focus();
  }, [message, errors]);
  const ticked = new Set(values.categoryIds ?? []);
  const kind = values.kind ?? "percent";
  // A new answer from the server remounts the fields so their typed values show (defaultValue).
  const formKey = JSON.stringify(values);

  return (
    <Form method="post" noValidate className="space-y-6" key={formKey} aria-label={mode === "create" ? "New coupon" : "Edit coupon"}>
      <input type="hidden" name="intent" value="save" />
      {message && (
        <div ref={errorRef} tabIndex={-1} className="focus:outline-none">
          <FormError>{message}</FormError>
        </div>
      )}

      <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        {mode === "create" && (
          <TextField
            name="code"
            label="Code"
            defaultValue={values.code ?? ""}
            error={errors.code}
            hint="What customers type at checkout, e.g. WINTER10. Letters are matched without case and saved in capitals."
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={32}
            required
            className="max-w-sm"
          />
        )}

        <fieldset aria-describedby={errors.kind ? "coupon-kind-error" : undefined}>
          <legend className="text-sm font-medium text-slate-700">Discount</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            <div className="rounded-lg border border-slate-200 p-3">
              <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
                <input type="radio" name="kind" value="percent" defaultChecked={kind === "percent"} className="h-4 w-4 accent-amber-600" />
                Percentage off
              </label>
              <label htmlFor="field-percentOff" className="sr-only">
                Percentage off (1 to 100)
              </label>
              <div className="mt-2 flex items-center gap-2">
                <input
                  id="field-percentOff"
                  name="percentOff"
                  inputMode="numeric"
                  defaultValue={values.percentOff ?? ""}
                  placeholder="10"
                  maxLength={5}
                  aria-invalid={errors.percentOff ? true : undefined}
                  aria-describedby={errors.percentOff ? "field-percentOff-error" : undefined}
                  className={`${inputClass(errors.percentOff)} w-24`}
                />
                <span aria-hidden className="text-slate-600">
                  %
                </span>
              </div>
              <FieldError id="field-percentOff-error" error={errors.percentOff} />
            </div>
            <div className="rounded-lg border border-slate-200 p-3">
              <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
                <input type="radio" name="kind" value="amount" defaultChecked={kind === "amount"} className="h-4 w-4 accent-amber-600" />
                Fixed amount off
              </label>
              <label htmlFor="field-amountOff" className="sr-only">
                Amount off in pounds
              </label>
              <div className="mt-2 flex items-center gap-2">
                <span aria-hidden className="text-slate-600">
                  £
                </span>
                <input
                  id="field-amountOff"
                  name="amountOff"
                  inputMode="decimal"
                  defaultValue={values.amountOff ?? ""}
                  placeholder="5.00"
                  maxLength={12}
                  aria-invalid={errors.amountOff ? true : undefined}
                  aria-describedby={errors.amountOff ? "field-amountOff-error" : undefined}
                  className={`${inputClass(errors.amountOff)} w-32`}
                />
              </div>
              <FieldError id="field-amountOff-error" error={errors.amountOff} />
            </div>
          </div>
          <FieldError id="coupon-kind-error" error={errors.kind} />
          <p className="mt-2 text-xs text-slate-500">
            Taken off the products it applies to, at the prices the customer pays (member prices for Pro members). A fixed amount never
            exceeds what those products cost. Delivery is never discounted.
          </p>
        </fieldset>
      </section>

      <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <h2 className="font-semibold text-slate-900">When and on what</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="validFrom"
            type="datetime-local"
            label="Starts (optional)"
            defaultValue={values.validFrom ?? ""}
            error={errors.validFrom}
            hint="UK time. Empty: usable at once."
          />
          <TextField
            name="validUntil"
            type="datetime-local"
            label="Ends (optional)"
            defaultValue={values.validUntil ?? ""}
            error={errors.validUntil}
            hint="UK time. Not usable from this moment on. Empty: no end."
          />
          <TextField
            name="minSpend"
            label="Minimum spend in £ (optional)"
            inputMode="decimal"
            defaultValue={values.minSpend ?? ""}
            error={errors.minSpend}
            placeholder="25.00"
            maxLength={12}
            hint="The whole order's subtotal at the customer's prices, before delivery. Empty: any order."
          />
        </div>

        <fieldset aria-describedby={`coupon-categories-hint${errors.categoryIds ? " coupon-categories-error" : ""}`}>
          <legend className="text-sm font-medium text-slate-700">Restricted to categories (optional)</legend>
          <p id="coupon-categories-hint" className="mt-1 text-xs text-slate-500">
            None ticked: every product. Ticked: the discount applies to products in those categories only, and a cart without any is
            refused the code.
          </p>
          <FieldError id="coupon-categories-error" error={errors.categoryIds} />
          {categories.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">The shop has no categories yet.</p>
          ) : (
            <div className="mt-2 grid gap-3 sm:grid-cols-2">
              {byLanguage(categories).map(([language, options]) => (
                <div key={language}>
                  <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{language}</p>
                  <ul className="mt-1 space-y-1">
                    {options.map((c) => (
                      <li key={c.id}>
                        <label className="flex items-center gap-2 text-sm text-slate-800">
                          <input
                            type="checkbox"
                            name="categoryIds"
                            value={c.id}
                            defaultChecked={ticked.has(String(c.id))}
                            className="h-4 w-4 accent-amber-600"
                          />
                          {c.name}
                          <span className="sr-only"> ({language})</span>
                        </label>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          )}
        </fieldset>
      </section>

      <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <h2 className="font-semibold text-slate-900">Limits and note</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="maxRedemptions"
            label="Uses in all (optional)"
            inputMode="numeric"
            defaultValue={values.maxRedemptions ?? ""}
            error={errors.maxRedemptions}
            maxLength={9}
            hint="Orders awaiting payment, paid or dispatched count; failed, expired, cancelled or refunded ones give their use back. Empty: no limit."
          />
          <TextField
            name="maxRedemptionsPerCustomer"
            label="Uses per customer (optional)"
            inputMode="numeric"
            defaultValue={values.maxRedemptionsPerCustomer ?? ""}
            error={errors.maxRedemptionsPerCustomer}
            maxLength={9}
            hint="1 = once per customer. Empty: no limit."
          />
        </div>
        <div>
          <label htmlFor="field-note" className="block text-sm font-medium text-slate-700">
            Note (optional, never shown to customers)
          </label>
          <textarea
            id="field-note"
            name="note"
            rows={3}
            maxLength={COUPON_NOTE_MAX}
            defaultValue={values.note ?? ""}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={errors.note ? "field-note-error" : undefined}
            className={inputClass(errors.note)}
          />
          <FieldError id="field-note-error" error={errors.note} />
        </div>
      </section>

      <SubmitButton busyLabel="Saving..." className="w-full sm:w-auto">
        {mode === "create" ? "Create coupon" : "Save changes"}
      </SubmitButton>
    </Form>
  );
}

import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { SelectField, TextField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { CONDITIONS } from "~/modules/catalog/variants";
import {
  DEFAULT_PRICING_RULES,
  formatDecimal,
  MARKET_FIGURE_LABELS,
  MARKET_FIGURES,
  RULE_FIELD_LABELS,
  RULE_FIELDS,
  type RuleFieldErrors,
  type RuleFormValues,
} from "~/modules/market/pricing-rules";

/**
 * The owner's pricing rules as a plain form (it works without JavaScript): each field with a
 * hint, and after a refused save its own message by it, what was typed kept, and the cursor in
 * the first field to fix.
 */
export function RulesForm({ values, errors, saved }: { values: RuleFormValues; errors?: RuleFieldErrors; saved: boolean }) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const first = RULE_FIELDS.find((f) => errors?.[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }, [errors]);

  const text = (name: (typeof RULE_FIELDS)[number], hint: string, extra: { inputMode?: "decimal" | "text"; className?: string } = {}) => (
    <TextField
      // Each field is made here and some are listed (the conditions), so each carries its name as its key.
      key={name}
      name={name}
      label={RULE_FIELD_LABELS[name]}
      hint={hint}
      error={errors?.[name]}
      defaultValue={values[name]}
      inputMode={extra.inputMode ?? "decimal"}
      autoComplete="off"
      spellCheck={false}
      maxLength={100}
      className={extra.className}
    />
  );

  return (
    <Form
      ref={formRef}
      method="post"
      preventScrollReset
      noValidate
      // A new answer from the server (saved, or refused with what was typed) refills the fields.
      key={JSON.stringify(values)}
      aria-labelledby="rules-heading"
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div>
        <h2 id="rules-heading" className="text-lg font-semibold text-slate-900">
          Pricing rules
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {saved ? "Your rules." : "The default rules: nothing is saved yet."} A single's price is the market figure × pounds per euro ×
          its condition's percentage, raised to the lowest price, then rounded up to the next price ending.
        </p>
      </div>
      <input type="hidden" name="intent" value="save-rules" />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField name="figure" label={RULE_FIELD_LABELS.figure} error={errors?.figure} defaultValue={values.figure} hint="Reverse-holo copies follow the same figure for reverse holos.">
          {MARKET_FIGURES.map((figure) => (
            <option key={figure} value={figure}>
              {MARKET_FIGURE_LABELS[figure]}
            </option>
          ))}
        </SelectField>
        {text("eurToGbp", "How many pounds one euro buys, e.g. 0.85.")}
      </div>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-800">Percentage of the market price, by condition</legend>
        <div className="mt-2 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {CONDITIONS.map((c) => text(`condition_${c}`, `Default ${formatDecimal(DEFAULT_PRICING_RULES.conditionBasisPoints[c], 2)}.`))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        {text("floor", "No single is priced below this, e.g. 0.25.")}
        {text("endings", "Round up to the next ending: 49, 99 makes £3.12 £3.49. Empty: to the penny.", { inputMode: "text" })}
        {text("memberDiscount", "Member price = price less this, rounded down to a penny. Empty: no member price.")}
      </div>
      <SubmitButton busyLabel="Saving..." name="intent" value="save-rules">
        Save rules
      </SubmitButton>
    </Form>
  );
}

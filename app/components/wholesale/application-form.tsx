import { CircleAlert } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import {
  COMPANY_TYPE_OPTIONS,
  HONEYPOT_FIELD,
  WHOLESALE_LIMITS,
  WHOLESALE_FIELDS,
  formValues,
  parseWholesaleApplication,
  type FieldErrors,
  type WholesaleField,
  type WholesaleFormValues,
} from "~/modules/wholesale/application-schema";
import { useHydrated } from "~/components/ui/use-hydrated";

/**
 * The wholesale application form: the browser checks it with the server's own rules before
 * sending (messages tied to each field), and shows the server's answer when it refuses.
 */
export function ApplicationForm({
  serverError,
  serverFieldErrors,
  values,
}: {
  serverError?: string;
  serverFieldErrors?: FieldErrors;
  values: WholesaleFormValues;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/wholesale";
  const errorBoxRef = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  const [companyType, setCompanyType] = useState(values.company_type ?? "");
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);

  // A fresh server answer replaces whatever the browser had checked (state adjusted while
  // rendering, as React recommends, rather than in an effect).
  const serverAnswer = serverError ?? serverFieldErrors;
  const [answerShown, setAnswerShown] = useState(serverAnswer);
  if (serverAnswer !== answerShown) {
    setAnswerShown(serverAnswer);
    setClientErrors(null);
  }
  // ...and a refusal of the whole form takes the focus, so it is read out.
  useEffect(() => {
    if (serverError) errorBoxRef.current?.focus();
  }, [serverError, serverFieldErrors]);

  const errors: FieldErrors = clientErrors ?? serverFieldErrors ?? {};
  // The company fields belong to limited companies only. They are hidden from the first paint
  // (no flash before hydration); without JavaScript a <noscript> style shows them, since
  // nothing could reveal them on choosing "Limited Company". Once hydrated, hidden fields are
  // also disabled so they are not sent.
  const isLimitedCompany = companyType === "limited_company";

  function validate(form: HTMLFormElement): FieldErrors {
    const parsed = parseWholesaleApplication(formValues(new FormData(form)));
    return parsed.success ? {} : parsed.fieldErrors;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const found = validate(event.currentTarget);
    setClientErrors(found);
    const first = WHOLESALE_FIELDS.find((field) => found[field]);
    if (first) {
      event.preventDefault();
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    }
  }

  // Once a message is showing, it follows the typing, so it disappears as soon as it's fixed.
  function revalidate(field: WholesaleField, form: HTMLFormElement | null) {
    if (!errors[field] || !form) return;
    const found = validate(form);
    setClientErrors({ ...errors, [field]: found[field] });
  }

  const fieldProps = (name: WholesaleField, { hint = false } = {}) => ({
    name,
    id: `wholesale-${name}`,
    defaultValue: values[name] ?? "",
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby":
      [errors[name] ? `wholesale-${name}-error` : "", hint ? `wholesale-${name}-hint` : ""].filter(Boolean).join(" ") || undefined,
    onChange: (event: { currentTarget: { form: HTMLFormElement | null } }) => revalidate(name, event.currentTarget.form),
    // Focused fields scroll clear of the sticky header (taller on phones).
    className: `mt-1 block w-full scroll-mt-40 rounded-lg border sm:scroll-mt-24 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-amber-500 ${
      errors[name] ? "border-red-500" : "border-slate-300"
    }`,
  });

  return (
    <Form
      method="post"
      action="/wholesale"
      // With JavaScript the form's own messages take over from the browser's bubbles.
      noValidate={hydrated}
      onSubmit={onSubmit}
      className="mt-6 space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      {serverError && (
        <div
          ref={errorBoxRef}
          tabIndex={-1}
          role="alert"
          className="flex scroll-mt-40 items-start sm:scroll-mt-24 gap-2 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
        >
          <CircleAlert aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          {serverError}
        </div>
      )}
      <p className="text-sm text-slate-600">
        Fields marked <span aria-hidden="true" className="text-red-600">*</span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>

      <Field name="email" label="Email" required error={errors.email}>
        <input {...fieldProps("email")} type="email" autoComplete="email" required maxLength={WHOLESALE_LIMITS.email} />
      </Field>

      <Field name="contact_name" label="Contact Name" required error={errors.contact_name}>
        <input {...fieldProps("contact_name")} type="text" autoComplete="name" required maxLength={WHOLESALE_LIMITS.contact_name} />
      </Field>

      <Field
        name="platform_username"
        label="Platform Username(s)"
        required
        hint="Your usernames on chat and marketplace platforms (e.g. Discord, eBay, Vinted), one per line."
        error={errors.platform_username}
      >
        <textarea {...fieldProps("platform_username", { hint: true })} rows={3} required maxLength={WHOLESALE_LIMITS.platform_username} />
      </Field>

      <Field name="contact_number" label="Contact Number" required error={errors.contact_number}>
        <input
          {...fieldProps("contact_number")}
          type="tel"
          autoComplete="tel"
          required
          maxLength={WHOLESALE_LIMITS.contact_number}
        />
      </Field>

      <Field name="billing_address" label="Billing Address (including postcode)" required error={errors.billing_address}>
        <textarea
          {...fieldProps("billing_address")}
          rows={3}
          autoComplete="billing street-address"
          required
          maxLength={WHOLESALE_LIMITS.billing_address}
        />
      </Field>

      <Field
        name="delivery_address"
        label="Delivery Address (optional)"
        hint="Only if different from your billing address."
        error={errors.delivery_address}
      >
        <textarea
          {...fieldProps("delivery_address", { hint: true })}
          rows={3}
          autoComplete="shipping street-address"
          maxLength={WHOLESALE_LIMITS.delivery_address}
        />
      </Field>

      <Field name="company_type" label="Company Type" required error={errors.company_type}>
        <select
          {...fieldProps("company_type")}
          required
          onChange={(event) => {
            setCompanyType(event.currentTarget.value);
            revalidate("company_type", event.currentTarget.form);
          }}
        >
          <option value="">Select company type</option>
          {COMPANY_TYPE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </Field>

      <noscript>
        <style>{".wholesale-company-fields { display: block !important; }"}</style>
      </noscript>
      <fieldset
        className={`wholesale-company-fields space-y-5 rounded-xl border border-slate-200 p-4 ${isLimitedCompany ? "" : "hidden"}`}
        disabled={hydrated && !isLimitedCompany}
      >
          <legend className="px-1 text-sm font-semibold text-slate-700">
            Company details{!hydrated && <span className="font-normal text-slate-600"> (Limited companies only)</span>}
          </legend>
          <Field name="company_name" label="Company Name" required error={errors.company_name}>
            <input {...fieldProps("company_name")} type="text" autoComplete="organization" maxLength={WHOLESALE_LIMITS.company_name} />
          </Field>
          <Field
            name="company_number"
            label="Company Number"
            required
            hint="The 8-character number from Companies House, e.g. 01234567 or SC123456."
            error={errors.company_number}
          >
            <input {...fieldProps("company_number", { hint: true })} type="text" autoComplete="off" spellCheck={false} maxLength={12} />
          </Field>
      </fieldset>

      <Field
        name="additional_info"
        label="Additional Information (optional)"
        hint="Anything else we should know: if you chose Other, tell us about your business here."
        error={errors.additional_info}
      >
        <textarea {...fieldProps("additional_info", { hint: true })} rows={4} maxLength={WHOLESALE_LIMITS.additional_info} />
      </Field>

      {/* People never see or reach this field; bots that fill in every input do. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`wholesale-${HONEYPOT_FIELD}`}>Leave this field empty</label>
        <input id={`wholesale-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <button
        type="submit"
        disabled={busy}
        className="w-full rounded-lg bg-amber-500 px-6 py-3 font-semibold text-slate-900 shadow-sm hover:bg-amber-400 disabled:cursor-wait disabled:opacity-70 sm:w-auto"
      >
        {busy ? "Submitting..." : "Register"}
      </button>
    </Form>
  );
}

function Field({
  name,
  label,
  required,
  hint,
  error,
  children,
}: {
  name: WholesaleField;
  label: string;
  required?: boolean;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={`wholesale-${name}`} className="block text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-red-600">
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p id={`wholesale-${name}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`wholesale-${name}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

import { CircleAlert, CircleCheck } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { data, Form, useNavigation } from "react-router";
import {
  COMPANY_TYPE_OPTIONS,
  HONEYPOT_FIELD,
  WHOLESALE_LIMITS,
  WHOLESALE_FIELDS,
  WHOLESALE_TEXT,
  formValues,
  parseWholesaleApplication,
  type FieldErrors,
  type WholesaleField,
  type WholesaleFormValues,
} from "~/modules/wholesale/application-schema";
import { submitApplication } from "~/modules/wholesale/applications.server";
import { clientIp } from "~/utils/client-ip.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/wholesale";

const TITLE = "Wholesale Application";
const INTRO = "Apply for a wholesale account to access exclusive pricing.";
const STOCK_LIST_NOTE = "Details on stock lists will be sent to your email once your application has been approved.";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: TITLE, description: INTRO });

type ActionResult =
  | { ok: true; message: string; submissionId: string }
  | { ok: false; error: string; fieldErrors: FieldErrors; values: WholesaleFormValues };

export async function action({ request, context }: Route.ActionArgs) {
  // A body that isn't a form (a bot posting JSON, a truncated upload) is a 400, not a 500.
  const form = await request.formData().catch(() => null);
  if (!form) {
    return data<ActionResult>({ ok: false, error: WHOLESALE_TEXT.invalid, fieldErrors: {}, values: {} }, { status: 400 });
  }
  const values = formValues(form);
  const honeypot = form.get(HONEYPOT_FIELD);
  const result = await submitApplication(
    context.db,
    { ...values, [HONEYPOT_FIELD]: typeof honeypot === "string" ? honeypot : "" },
    // Set by the server from the socket (or the trusted proxy), never by the client. Without it
    // (a request that bypassed the server) every such request shares one bucket.
    { ip: clientIp(request) ?? "unknown" },
  );
  const fail = (error: string, status: number, fieldErrors: FieldErrors = {}, headers?: HeadersInit) =>
    data<ActionResult>({ ok: false, error, fieldErrors, values }, { status, headers });
  switch (result.status) {
    case "submitted":
    case "ignored": // the honeypot: the same answer a person gets, so a bot learns nothing
      return data<ActionResult>({ ok: true, message: WHOLESALE_TEXT.submitted, submissionId: crypto.randomUUID() });
    case "invalid":
      return fail(WHOLESALE_TEXT.invalid, 400, result.fieldErrors);
    case "rate_limited":
      return fail(WHOLESALE_TEXT.rateLimited, 429, {}, { "Retry-After": String(result.retryAfterSeconds) });
    case "duplicate":
      return fail(WHOLESALE_TEXT.duplicate, 409);
  }
}

export default function Wholesale({ actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  const successRef = useRef<HTMLParagraphElement>(null);
  const successId = result?.ok ? result.submissionId : null;
  // The button that was pressed is at the bottom of a long form: bring the outcome into view.
  useEffect(() => {
    if (successId) successRef.current?.focus();
  }, [successId]);
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{TITLE}</h1>
      <p className="mt-2 text-slate-700">{INTRO}</p>
      <p className="mt-3 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900">{STOCK_LIST_NOTE}</p>

      {result?.ok && (
        <p
          ref={successRef}
          tabIndex={-1}
          role="status"
          className="mt-6 flex scroll-mt-40 sm:scroll-mt-24 items-start gap-2 rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-sm font-medium text-green-800"
        >
          <CircleCheck aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          {result.message}
        </p>
      )}

      {/* A new key after each success empties every field (spec: "Fields reset"); an error keeps them. */}
      <ApplicationForm
        key={result?.ok ? result.submissionId : "application"}
        serverError={result && !result.ok ? result.error : undefined}
        serverFieldErrors={result && !result.ok ? result.fieldErrors : undefined}
        values={result && !result.ok ? result.values : {}}
      />
    </div>
  );
}

function ApplicationForm({
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
  const formRef = useRef<HTMLFormElement>(null);
  const errorBoxRef = useRef<HTMLDivElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [companyType, setCompanyType] = useState(values.company_type ?? "");
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);

  useEffect(() => setHydrated(true), []);

  // A fresh server answer replaces whatever the browser had checked.
  useEffect(() => {
    setClientErrors(null);
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
  function revalidate(field: WholesaleField) {
    if (!errors[field] || !formRef.current) return;
    const found = validate(formRef.current);
    setClientErrors({ ...errors, [field]: found[field] });
  }

  const fieldProps = (name: WholesaleField, { hint = false } = {}) => ({
    name,
    id: `wholesale-${name}`,
    defaultValue: values[name] ?? "",
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby":
      [errors[name] ? `wholesale-${name}-error` : "", hint ? `wholesale-${name}-hint` : ""].filter(Boolean).join(" ") || undefined,
    onChange: () => revalidate(name),
    // Focused fields scroll clear of the sticky header (taller on phones).
    className: `mt-1 block w-full scroll-mt-40 rounded-lg border sm:scroll-mt-24 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-amber-500 ${
      errors[name] ? "border-red-500" : "border-slate-300"
    }`,
  });

  return (
    <Form
      ref={formRef}
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
            revalidate("company_type");
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
        className="w-full rounded-lg bg-amber-500 px-6 py-3 font-semibold text-white shadow-sm hover:bg-amber-600 disabled:cursor-wait disabled:opacity-70 sm:w-auto"
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

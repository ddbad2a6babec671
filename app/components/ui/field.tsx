import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes } from "react";

/**
 * Labelled form controls. The label names the control, and its hint and error are tied to it
 * (aria-describedby, aria-invalid), so a screen reader reads them with the field. Ids default
 * to `field-<name>`; the hint and error are `<id>-hint` and `<id>-error`.
 */

function describedBy(id: string, hint: ReactNode, error: string | undefined): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

function Field({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled input with its hint and error tied to it for screen readers. */
export function TextField({
  name,
  label,
  error,
  hint,
  className,
  ...input
}: {
  name: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
} & InputHTMLAttributes<HTMLInputElement>) {
  const id = input.id ?? `field-${name}`;
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-none focus:ring-2 disabled:bg-slate-100 disabled:text-slate-500 read-only:bg-slate-100 read-only:text-slate-600 ${
          error ? "border-red-400 focus:border-red-500 focus:ring-red-200" : "border-slate-300 focus:border-amber-500 focus:ring-amber-200"
        }`}
        {...input}
      />
    </Field>
  );
}

/** A labelled select (its options are the children) with its error tied to it. */
export function SelectField({
  name,
  label,
  error,
  hint,
  className,
  children,
  ...select
}: {
  name: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
} & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = select.id ?? `field-${name}`;
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      <select
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-slate-900 shadow-sm focus:outline-none focus:ring-2 ${
          error ? "border-red-400 focus:ring-red-200" : "border-slate-300 focus:border-amber-500 focus:ring-amber-200"
        }`}
        {...select}
      >
        {children}
      </select>
    </Field>
  );
}

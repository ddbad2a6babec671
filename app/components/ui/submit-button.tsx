import type { ReactNode } from "react";
import { useNavigation } from "react-router";

/** A submit button that shows its busy label while this form's submission is in flight. */
export function SubmitButton({
  children,
  busyLabel,
  className = "",
  name,
  value,
}: {
  children: ReactNode;
  busyLabel: string;
  className?: string;
  name?: string;
  value?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && (!name || navigation.formData?.get(name) === value);
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={busy}
      aria-disabled={busy || undefined}
      className={`inline-flex items-center justify-center rounded-lg bg-amber-500 px-5 py-2.5 font-semibold text-slate-900 shadow-sm hover:bg-amber-400 disabled:cursor-wait disabled:opacity-70 ${className}`}
    >
      {busy ? busyLabel : children}
    </button>
  );
}

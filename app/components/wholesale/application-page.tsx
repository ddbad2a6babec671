import { CircleCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import type { WholesaleFormResult } from "~/modules/wholesale/application-schema";
import { ApplicationForm } from "./application-form";

export const WHOLESALE_PAGE_TITLE = "Wholesale Application";
export const WHOLESALE_PAGE_INTRO = "Apply for a wholesale account to access exclusive pricing.";
const STOCK_LIST_NOTE = "Details on stock lists will be sent to your email once your application has been approved.";

/** /wholesale: the introduction, the outcome of the last submission and the application form. */
export function WholesaleApplicationPage({ result }: { result?: WholesaleFormResult }) {
  const successRef = useRef<HTMLParagraphElement>(null);
  const successId = result?.ok ? result.submissionId : null;
  // The button that was pressed is at the bottom of a long form: bring the outcome into view.
  useEffect(() => {
    if (successId) successRef.current?.focus();
  }, [successId]);
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{WHOLESALE_PAGE_TITLE}</h1>
      <p className="mt-2 text-slate-700">{WHOLESALE_PAGE_INTRO}</p>
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

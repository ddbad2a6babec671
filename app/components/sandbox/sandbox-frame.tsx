import { FlaskConical } from "lucide-react";
import type { ReactNode } from "react";

const WIDTHS = { wide: "max-w-4xl", narrow: "max-w-3xl" } as const;

/**
 * The frame of the sandbox's hosted pages (checkout, Pro sign-up, billing portal): a banner
 * that no one can mistake for a real payment page above, and a line naming what it stands in
 * for below.
 */
export function SandboxFrame({
  banner,
  shopName,
  standsInFor,
  note,
  width = "wide",
  children,
}: {
  /** The banner's words, e.g. "TEST PAYMENT — no real money". */
  banner: string;
  shopName: string;
  /** What the real provider would show here, e.g. "card payment provider's hosted page". */
  standsInFor: string;
  /** A sentence after that line, e.g. "No card is charged." */
  note?: string;
  width?: keyof typeof WIDTHS;
  children: ReactNode;
}) {
  return (
    <div className={`mx-auto ${WIDTHS[width]} space-y-4`}>
      <p
        role="note"
        className="flex items-center gap-2 rounded-lg border-2 border-dashed border-orange-400 bg-orange-50 px-4 py-2 text-sm font-bold uppercase tracking-wide text-orange-800"
      >
        <FlaskConical aria-hidden className="h-4 w-4 shrink-0" />
        {banner}
      </p>
      {children}
      <p className="text-center text-xs text-slate-500">
        This is {shopName}&apos;s built-in sandbox, standing in for the {standsInFor}.{note ? ` ${note}` : ""}
      </p>
    </div>
  );
}

/** A hosted payment page's two halves: what is being paid for, then the card form (or why it is closed). */
export function SandboxPaymentLayout({
  summaryHeadingId,
  summary,
  children,
}: {
  /** The id of the summary's heading, which names its section. */
  summaryHeadingId: string;
  summary: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="grid overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm md:grid-cols-2">
      <section aria-labelledby={summaryHeadingId} className="border-b border-slate-200 bg-slate-50 p-6 sm:p-8 md:border-b-0 md:border-r">
        {summary}
      </section>
      {children}
    </div>
  );
}

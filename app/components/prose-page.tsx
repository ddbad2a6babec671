import type { ReactNode } from "react";

/** The date shown as "Last updated" on the policy and information pages. */
export const POLICY_LAST_UPDATED = "22 November 2026";

/** Inline link style for prose: amber-700 on white keeps a contrast ratio above 4.5:1. */
export const proseLinkClass =
  "font-medium text-amber-700 underline decoration-amber-300 underline-offset-2 hover:text-amber-800 hover:decoration-amber-500";

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

/** "22 November 2026" → "2026-11-22", for a machine-readable <time>. Undefined when it doesn't parse. */
function toIsoDate(text: string): string | undefined {
  const match = /^(\d{1,2})\s+([A-Za-z]+)\s+(\d{4})$/.exec(text.trim());
  if (!match) return undefined;
  const [, day, monthName, year] = match;
  const month = MONTHS.indexOf((monthName ?? "").toLowerCase());
  if (!day || !year || month < 0) return undefined;
  return `${year}-${String(month + 1).padStart(2, "0")}-${day.padStart(2, "0")}`;
}

/**
 * A readable long-form page (policies, "Sell your cards"): title, optional intro,
 * "Last updated" line, then the content. Styles its own headings and lists, as the
 * Tailwind typography plugin is not installed.
 */
export function ProsePage({
  title,
  intro,
  updated,
  children,
}: {
  title: string;
  intro?: ReactNode;
  updated?: string;
  children: ReactNode;
}) {
  const iso = updated ? toIsoDate(updated) : undefined;
  return (
    <article className="mx-auto w-full max-w-3xl">
      <header className="border-b border-slate-200 pb-6">
        <h1 className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">{title}</h1>
        {intro && <p className="mt-4 text-lg leading-8 text-slate-600">{intro}</p>}
        {updated && (
          <p className="mt-4 text-sm text-slate-500">
            Last updated: <time dateTime={iso}>{updated}</time>
          </p>
        )}
      </header>
      <div className="mt-8 space-y-10 text-base leading-7 text-slate-700 wrap-break-word">
        {children}
      </div>
    </article>
  );
}

/** A titled section with an anchor (`#id`) so it can be linked to directly. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-24">
      <h2 id={`${id}-heading`} className="text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl">
        {title}
      </h2>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

/** A third-level heading and its content inside a Section. */
export function SubSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="space-y-3">
      <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
      {children}
    </div>
  );
}

/** A bulleted list with amber markers. */
export function BulletList({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-2 pl-5 marker:text-amber-500">{children}</ul>;
}

/** A highlighted box for the one thing a reader must not miss. */
export function Callout({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950 sm:p-5">
      {title && <p className="font-semibold">{title}</p>}
      <div className={title ? "mt-1 space-y-2" : "space-y-2"}>{children}</div>
    </div>
  );
}

/** Key facts at a glance, as a term/value grid of white cards. */
export function KeyFacts({ label, items }: { label: string; items: { term: string; value: ReactNode }[] }) {
  return (
    <dl aria-label={label} className="grid gap-3 sm:grid-cols-2">
      {items.map((item) => (
        <div key={item.term} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <dt className="text-sm font-medium text-slate-500">{item.term}</dt>
          <dd className="mt-1 font-semibold text-slate-900">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Questions and answers as a description list. */
export function FaqList({ items }: { items: { question: string; answer: ReactNode }[] }) {
  return (
    <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {items.map((item) => (
        <div key={item.question} className="p-4 sm:p-5">
          <dt className="font-semibold text-slate-900">{item.question}</dt>
          <dd className="mt-2 space-y-2 text-slate-700">{item.answer}</dd>
        </div>
      ))}
    </dl>
  );
}

/** "On this page" links to the page's sections. */
export function TableOfContents({ items }: { items: { id: string; title: string }[] }) {
  return (
    <nav aria-label="On this page" className="rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-5">
      <p className="text-sm font-semibold uppercase tracking-wide text-slate-600">On this page</p>
      <ol className="mt-3 grid list-decimal gap-x-8 gap-y-1.5 pl-5 text-sm marker:text-slate-400 sm:grid-cols-2">
        {items.map((item) => (
          <li key={item.id}>
            <a href={`#${item.id}`} className={proseLinkClass}>
              {item.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

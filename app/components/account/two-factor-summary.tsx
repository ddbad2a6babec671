import { Link } from "react-router";

/** The Profile tab's "Two-factor sign-in" section: on or off, and the way to its settings. */
export function TwoFactorSummary({ on }: { on: boolean }) {
  return (
    <section aria-labelledby="two-factor-summary-heading" className="mt-8 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-6">
      <div>
        <h2 id="two-factor-summary-heading" className="text-lg font-semibold text-slate-900">
          Two-factor sign-in
        </h2>
        <p className="text-sm text-slate-600">
          {on ? "On: logging in needs a code from your authenticator app." : "Off: add a code from an authenticator app to your logins."}
        </p>
      </div>
      <Link to="/account/two-factor" className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50">
        {on ? "Manage two-factor sign-in" : "Set up two-factor sign-in"}
      </Link>
    </section>
  );
}

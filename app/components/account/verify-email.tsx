import { Form, Link, useFetcher } from "react-router";
import { FormError, FormNotice } from "~/components/ui/form-message";
import { SubmitButton } from "~/components/ui/submit-button";
import { VERIFY_EMAIL_NOTICE } from "~/modules/accounts/messages";
import { AuthCard } from "./form-parts";

/** What /verify-email's loader sends. */
export type VerifyEmailView =
  | { state: "usable"; purpose: "verify" | "admin-invite"; email: string }
  | { state: "invalid"; message: string; canResend: boolean }
  | { state: "status"; verified: boolean; email: string };

/** What /verify-email's action answers. */
export interface VerifyEmailAnswer {
  ok: boolean;
  message: string;
  verified?: boolean;
}

const linkButton =
  "mt-6 inline-flex w-full items-center justify-center rounded-lg bg-amber-500 px-5 py-2.5 font-semibold text-white hover:bg-amber-600";

/** "Send the link again": posts to /verify-email; works without JavaScript too (the page then shows the answer). */
export function ResendVerificationForm({ className = "" }: { className?: string }) {
  const fetcher = useFetcher<VerifyEmailAnswer>();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action="/verify-email" className={className}>
      <input type="hidden" name="intent" value="resend" />
      <button
        type="submit"
        disabled={busy}
        className="rounded-lg border border-amber-500 px-4 py-2 text-sm font-semibold text-amber-800 hover:bg-amber-50 disabled:cursor-wait disabled:opacity-70"
      >
        {busy ? "Sending..." : "Send the link again"}
      </button>
      {fetcher.data && (
        <div className="mt-3">{fetcher.data.ok ? <FormNotice>{fetcher.data.message}</FormNotice> : <FormError>{fetcher.data.message}</FormError>}</div>
      )}
    </fetcher.Form>
  );
}

/** The account page's reminder for a signed-in account whose email is not verified yet. */
export function VerifyEmailNotice({ email }: { email: string }) {
  return (
    // Not a labelled region: its name would make every "Email" label on the page ambiguous.
    <div data-testid="verify-email-notice" className="rounded-2xl border border-amber-300 bg-amber-50 p-4 sm:p-5">
      <h2 className="font-semibold text-amber-900">
        Verify your email address
      </h2>
      <p className="mt-1 text-sm text-amber-900">
        {VERIFY_EMAIL_NOTICE} It went to <strong>{email}</strong>. You can shop and check out meanwhile.
      </p>
      <ResendVerificationForm className="mt-3" />
    </div>
  );
}

/** /verify-email and /verify-email/<token>. */
export function VerifyEmailPage({ view, answer }: { view: VerifyEmailView; answer?: VerifyEmailAnswer }) {
  if (answer?.verified) {
    return (
      <AuthCard title="Email address verified">
        <FormNotice>{answer.message}</FormNotice>
        <Link to="/account" className={linkButton}>
          Go to my account
        </Link>
      </AuthCard>
    );
  }
  if (view.state === "usable") {
    return (
      <AuthCard
        title={view.purpose === "admin-invite" ? "Accept the admin invitation" : "Verify your email address"}
        intro={
          <>
            Confirm that <strong>{view.email}</strong> is your email address.
          </>
        }
      >
        {answer && !answer.ok && <FormError>{answer.message}</FormError>}
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="verify" />
          <SubmitButton busyLabel="Verifying..." className="w-full">
            Verify my email address
          </SubmitButton>
        </Form>
      </AuthCard>
    );
  }
  if (view.state === "invalid") {
    return (
      <AuthCard title="Verification link no longer valid">
        <FormError>{answer?.message ?? view.message}</FormError>
        {view.canResend ? <ResendVerificationForm className="mt-6" /> : (
          <Link to="/login?redirectTo=%2Faccount" className={linkButton}>
            Log in
          </Link>
        )}
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Verify your email address">
      {view.verified ? (
        <FormNotice>Your email address {view.email} is verified.</FormNotice>
      ) : (
        <>
          {answer && (answer.ok ? <FormNotice>{answer.message}</FormNotice> : <FormError>{answer.message}</FormError>)}
          <p className="mt-4 text-sm text-slate-600">
            {VERIFY_EMAIL_NOTICE} It went to <strong>{view.email}</strong>.
          </p>
          <ResendVerificationForm className="mt-4" />
        </>
      )}
    </AuthCard>
  );
}

import { Form, Link, useFetcher } from "react-router";
import { FormError, FormNotice } from "~/components/ui/form-message";
import { SubmitButton } from "~/components/ui/submit-button";
import { VERIFY_EMAIL_NOTICE } from "~/modules/accounts/messages";
import { AuthCard } from "./form-parts";

/** What /verify-email's loader sends. */
export type VerifyEmailView =
  | {
      state: "usable";
      purpose: "verify" | "admin-invite";
      email: string;
      /** Who this browser is signed in as: the link's own account, another one, or nobody. */
      signedIn: "owner" | "other" | "none";
      /** /login, coming back to this link. */
      loginHref: string;
    }
  | { state: "invalid"; message: string; canResend: boolean }
  | { state: "status"; verified: boolean; email: string };

/** What /verify-email's action answers. */
export interface VerifyEmailAnswer {
  ok: boolean;
  message: string;
}

// Dark text on amber: white on it fails the contrast check (decision 0021).
const linkButton =
  "mt-6 inline-flex w-full items-center justify-center rounded-lg bg-amber-500 px-5 py-2.5 font-semibold text-slate-900 hover:bg-amber-400";

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

/**
 * The link's page when this browser is not signed in to the link's account: nothing can be
 * verified from here (decision 0011), so it says how to get there, including for the mailbox
 * owner who never created the account someone registered with their address.
 */
function SignInToVerify({ view, answer }: { view: Extract<VerifyEmailView, { state: "usable" }>; answer?: VerifyEmailAnswer }) {
  return (
    <AuthCard
      title={view.purpose === "admin-invite" ? "Accept the admin invitation" : "Verify your email address"}
      intro={
        <>
          This link is for the account <strong>{view.email}</strong>.
        </>
      }
    >
      {answer && !answer.ok && <FormError>{answer.message}</FormError>}
      <p className="text-sm text-slate-700">
        {view.signedIn === "other"
          ? "You are signed in to a different account. Please log out, then log in to this account and open the link again to finish verifying."
          : "To finish verifying, please log in to this account. You will come back here to press the button."}
      </p>
      {view.signedIn === "none" && (
        <Link to={view.loginHref} className={linkButton}>
          Log in
        </Link>
      )}
      {view.purpose === "verify" && (
        <p className="mt-4 text-sm text-slate-600">
          Did you not create this account? Someone may have registered your email address. Use{" "}
          <Link to="/forgot-password" className="font-medium text-amber-800 underline">
            Forgot password?
          </Link>{" "}
          to choose your own password: that verifies the address and signs everyone else out.
        </p>
      )}
    </AuthCard>
  );
}

/** /verify-email and /verify-email/<token>. */
export function VerifyEmailPage({ view, answer }: { view: VerifyEmailView; answer?: VerifyEmailAnswer }) {
  if (view.state === "usable" && view.signedIn !== "owner") return <SignInToVerify view={view} answer={answer} />;
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
  if (view.verified) {
    // Where a verify lands (Post/Redirect/Get), and what a verified account sees here later.
    return (
      <AuthCard title="Email address verified">
        <FormNotice>Your email address {view.email} is verified.</FormNotice>
        <Link to="/account" className={linkButton}>
          Go to my account
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Verify your email address">
      {answer && (answer.ok ? <FormNotice>{answer.message}</FormNotice> : <FormError>{answer.message}</FormError>)}
      <p className="mt-4 text-sm text-slate-600">
        {VERIFY_EMAIL_NOTICE} It went to <strong>{view.email}</strong>.
      </p>
      <ResendVerificationForm className="mt-4" />
    </AuthCard>
  );
}

import { Form, Link } from "react-router";
import { TextField } from "~/components/ui/field";
import { FormError, FormNotice } from "~/components/ui/form-message";
import { SubmitButton } from "~/components/ui/submit-button";

export interface TwoFactorView {
  state: { status: "off" | "pending" | "on"; recoveryCodesLeft: number };
  /** While enrolling: the secret for manual entry and its QR code (an SVG data URL). */
  enrolment: { secret: string; qr: string } | null;
  /** Why the visitor was sent here (ADMIN_REQUIRE_2FA), if they were. */
  notice: string | null;
}

export interface TwoFactorAnswer {
  error: string | null;
  notice: string | null;
  /** Shown once, right after they are made; only their hashes are kept. */
  recoveryCodes: string[] | null;
}

const secondaryButton =
  "inline-flex items-center justify-center rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50";

/**
 * /account/two-factor: turn on two-factor sign-in (scan or type the secret, confirm a code, keep
 * the recovery codes), make new recovery codes, or turn it off. Plain forms: works without JavaScript.
 */
export function TwoFactorPage({ state, enrolment, notice, answer }: TwoFactorView & { answer?: TwoFactorAnswer }) {
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <p className="text-sm">
        <Link to="/account?tab=profile" className="text-amber-700 underline-offset-2 hover:underline">
          Back to my account
        </Link>
      </p>
      <section aria-labelledby="two-factor-heading" className="space-y-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h1 id="two-factor-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          Two-factor sign-in
        </h1>
        <p className="text-sm text-slate-600">
          With two-factor sign-in on, logging in needs your password and a 6-digit code from an authenticator app on your phone
          (such as Google Authenticator, Microsoft Authenticator, 1Password or Aegis).
        </p>
        {notice && (
          <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            {notice}
          </div>
        )}
        {answer?.error && <FormError>{answer.error}</FormError>}
        {answer?.notice && <FormNotice>{answer.notice}</FormNotice>}
        {answer?.recoveryCodes && <RecoveryCodes codes={answer.recoveryCodes} />}

        {state.status === "off" && (
          <Form method="post">
            <input type="hidden" name="intent" value="start" />
            <SubmitButton busyLabel="Starting...">Set up two-factor sign-in</SubmitButton>
          </Form>
        )}

        {state.status === "pending" && enrolment && (
          <div className="space-y-4">
            <h2 className="text-lg font-semibold text-slate-900">1. Add this account to your authenticator app</h2>
            <img src={enrolment.qr} alt="QR code to scan with your authenticator app" width={192} height={192} className="h-48 w-48 rounded border border-slate-200" />
            <p className="text-sm text-slate-600">
              Can&apos;t scan it? Enter this key in the app instead (time-based, 6 digits):{" "}
              <code id="totp-secret" className="break-all rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-900">
                {enrolment.secret}
              </code>
            </p>
            <h2 className="text-lg font-semibold text-slate-900">2. Enter the code the app shows</h2>
            <Form method="post" className="flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value="confirm" />
              <TextField name="code" label="6-digit code" inputMode="numeric" autoComplete="one-time-code" required maxLength={10} />
              <SubmitButton busyLabel="Checking..." name="intent" value="confirm">
                Turn on two-factor sign-in
              </SubmitButton>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="start" />
              <button type="submit" className={secondaryButton}>
                Start again with a new key
              </button>
            </Form>
          </div>
        )}

        {state.status === "on" && (
          <div className="space-y-6">
            <p className="font-medium text-slate-900">
              Two-factor sign-in is on. You have {state.recoveryCodesLeft} unused recovery code{state.recoveryCodesLeft === 1 ? "" : "s"}.
            </p>
            <ProofForm
              intent="regenerate"
              title="New recovery codes"
              description="Makes ten new recovery codes; the old ones stop working."
              button="Make new recovery codes"
            />
            <ProofForm intent="disable" title="Turn off two-factor sign-in" description="Logging in will need only your password again." button="Turn off" />
          </div>
        )}
      </section>
    </div>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="rounded-lg border border-slate-300 bg-slate-50 p-4">
      <h2 className="font-semibold text-slate-900">Your recovery codes</h2>
      <p className="mt-1 text-sm text-slate-600">
        Each code signs you in once if you lose your phone. Save or print them now: they will not be shown again.
      </p>
      <ol aria-label="Recovery codes" className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm text-slate-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
    </div>
  );
}

function ProofForm({ intent, title, description, button }: { intent: string; title: string; description: string; button: string }) {
  return (
    <Form method="post" className="space-y-3 border-t border-slate-200 pt-4">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="text-sm text-slate-600">{description}</p>
      <input type="hidden" name="intent" value={intent} />
      <TextField
        id={`field-proof-${intent}`}
        name="proof"
        type="password"
        label="Your password or a current 6-digit code"
        autoComplete="current-password"
        required
      />
      <SubmitButton busyLabel="Checking..." name="intent" value={intent}>
        {button}
      </SubmitButton>
    </Form>
  );
}

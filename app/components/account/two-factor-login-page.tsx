import { Form, Link, useNavigation } from "react-router";
import { TextField } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-message";
import { SubmitButton } from "~/components/ui/submit-button";
import { TWO_FACTOR_CHALLENGE_TEXT } from "~/modules/accounts/messages";
import { AuthCard } from "./form-parts";
import { SignInChallenge } from "./sign-in-challenge";

export interface TwoFactorLoginAnswer {
  message: string;
  /** The pending sign-in is gone: only a fresh password sign-in helps. */
  expired: boolean;
  /** Past the account's code limit: the proof-of-work that lets the next code through (decision 0024). */
  challenge?: { json: string; retryAfterMinutes: number };
}

/** /login/two-factor: the code from the authenticator app, or a recovery code. */
export function TwoFactorLoginPage({ redirectTo, answer }: { redirectTo: string | null; answer?: TwoFactorLoginAnswer }) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const loginHref = redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login";
  return (
    <AuthCard title="Two-factor sign-in" intro="Enter the 6-digit code from your authenticator app to finish signing in.">
      {answer?.message && !submitting && <FormError>{answer.message}</FormError>}
      {answer?.expired ? (
        <p className="mt-4 text-sm">
          <Link to={loginHref} className="font-semibold text-amber-700 underline-offset-2 hover:underline">
            Back to login
          </Link>
        </p>
      ) : (
        <Form method="post" className="mt-4 space-y-4" replace>
          {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
          <TextField
            name="code"
            label="Authentication code"
            autoComplete="one-time-code"
            required
            maxLength={64}
            autoFocus
            hint="Lost your phone? Enter one of your recovery codes instead."
          />
          {answer?.challenge && (
            <SignInChallenge
              challenge={answer.challenge.json}
              retryAfterMinutes={answer.challenge.retryAfterMinutes}
              note={TWO_FACTOR_CHALLENGE_TEXT.explain}
            />
          )}
          <SubmitButton busyLabel="Checking..." className="w-full">
            Verify
          </SubmitButton>
          <p className="text-center text-sm">
            <Link to={loginHref} className="text-amber-700 underline-offset-2 hover:underline">
              Cancel and go back to login
            </Link>
          </p>
        </Form>
      )}
    </AuthCard>
  );
}

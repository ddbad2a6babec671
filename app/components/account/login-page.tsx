import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { TextField } from "~/components/ui/field";
import { FormError, FormNotice } from "~/components/ui/form-message";
import { SubmitButton } from "~/components/ui/submit-button";
import { PASSWORD_RESET_NOTICE, REGISTERED_NOTICE } from "~/modules/accounts/messages";
import type { FieldErrors } from "~/modules/accounts/schemas";
import { AuthCard, EmailField } from "./form-parts";
import { SignInChallenge } from "./sign-in-challenge";

/** The login form's refusal: the fields' messages, the message for the red box and what to show again. */
export interface LoginAnswer {
  errors: FieldErrors;
  message: string | null;
  values: { email: string; remember: boolean };
  /** Past the sign-in limits: the proof-of-work to solve before the next attempt (decision 0017). */
  challenge?: { json: string; retryAfterMinutes: number };
}

/**
 * /login: notices after registering or resetting a password, the sign-in form (a refused
 * password is cleared and focused for the next try) and the way to register.
 */
export function LoginPage({
  registered,
  passwordReset,
  redirectTo,
  answer,
}: {
  registered: boolean;
  passwordReset: boolean;
  redirectTo: string | null;
  answer?: LoginAnswer;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const errors = answer?.errors ?? {};
  const passwordRef = useRef<HTMLInputElement>(null);
  // After a refused sign-in the password is cleared and focused for the next try; the email stays.
  useEffect(() => {
    if (answer?.message && passwordRef.current) {
      passwordRef.current.value = "";
      passwordRef.current.focus();
    }
  }, [answer]);
  const registerHref = redirectTo ? `/register?redirectTo=${encodeURIComponent(redirectTo)}` : "/register";
  return (
    <AuthCard title="Login" intro="Welcome back. Log in to see your orders and profile.">
      <div className="space-y-4">
        {registered && !answer && <FormNotice>{REGISTERED_NOTICE}</FormNotice>}
        {passwordReset && !answer && <FormNotice>{PASSWORD_RESET_NOTICE}</FormNotice>}
        {answer?.message && !submitting && <FormError>{answer.message}</FormError>}
      </div>
      <Form method="post" className="mt-4 space-y-4" replace>
        {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
        <EmailField defaultValue={answer?.values.email ?? ""} error={errors.email} />
        <TextField
          ref={passwordRef}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
        {answer?.challenge && <SignInChallenge challenge={answer.challenge.json} retryAfterMinutes={answer.challenge.retryAfterMinutes} />}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <label className="inline-flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              name="remember"
              defaultChecked={answer?.values.remember ?? false}
              className="h-4 w-4 rounded border-slate-300 text-amber-600 focus:ring-amber-500"
            />
            Remember me
          </label>
          <Link to="/forgot-password" className="text-sm font-medium text-amber-700 underline-offset-2 hover:underline">
            Forgot password?
          </Link>
        </div>
        <SubmitButton busyLabel="Signing in..." className="w-full">
          Sign In
        </SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Don&apos;t have an account?{" "}
        <Link to={registerHref} className="font-semibold text-amber-700 underline-offset-2 hover:underline">
          Register
        </Link>
      </p>
    </AuthCard>
  );
}

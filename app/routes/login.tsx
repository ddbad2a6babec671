import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AuthCard, EmailField } from "~/components/account/form-parts";
import { TextField } from "~/components/ui/field";
import { FormError, FormNotice } from "~/components/ui/form-message";
import { SubmitButton } from "~/components/ui/submit-button";
import { PASSWORD_RESET_NOTICE, REGISTERED_NOTICE } from "~/modules/accounts/messages";
import { safeRedirectPath } from "~/modules/accounts/safe-redirect";
import { formFields, loginSchema, validateForm, type FieldErrors } from "~/modules/accounts/schemas";
import { signIn } from "~/modules/accounts/users.server";
import { getCurrentUser } from "~/utils/auth.server";
import { clientIp } from "~/utils/client-ip.server";
import { mergeGuestCartAfterSignIn } from "~/utils/guest-cart.server";
import { isSecureContext, readSessionToken, sessionCookie } from "~/utils/session.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/login";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  // Already signed in: nothing to do here.
  if (await getCurrentUser(request, context)) throw redirect(redirectTo);
  return {
    registered: url.searchParams.get("registered") === "true",
    passwordReset: url.searchParams.get("reset") === "true",
    redirectTo: url.searchParams.has("redirectTo") ? redirectTo : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = formFields(await request.formData(), ["email", "password", "remember", "redirectTo"]);
  const values = { email: fields.email, remember: fields.remember === "on" };
  const parsed = validateForm(loginSchema, fields);
  if (!parsed.ok) return data({ errors: parsed.errors, message: null, values }, { status: 400 });

  const result = await signIn(
    context.db,
    {
      email: parsed.data.email,
      password: parsed.data.password,
      remember: parsed.data.remember,
      ipAddress: clientIp(request),
      userAgent: request.headers.get("User-Agent"),
      previousToken: readSessionToken(request),
    },
    { adminEmails: context.env.adminEmails },
  );
  if (!result.ok) {
    const errors: FieldErrors = {};
    if (result.reason === "rate_limited") {
      return data(
        { errors, message: result.message, values },
        { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
    }
    return data({ errors, message: result.message, values }, { status: 401 });
  }
  const headers = new Headers({ "Set-Cookie": sessionCookie(result.session, { secure: isSecureContext(context) }) });
  // The guest cart follows the customer into their account (cart issue); its cookie is cleared.
  const guestCartCookie = await mergeGuestCartAfterSignIn(request, context, result.userId);
  if (guestCartCookie) headers.append("Set-Cookie", guestCartCookie);
  return redirect(safeRedirectPath(parsed.data.redirectTo), { headers });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Login",
    description: "Log in to your account to see your orders, manage your profile and check out faster.",
    noindex: true,
  });

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const errors = actionData?.errors ?? {};
  const passwordRef = useRef<HTMLInputElement>(null);
  // After a refused sign-in the password is cleared and focused for the next try; the email stays.
  useEffect(() => {
    if (actionData?.message && passwordRef.current) {
      passwordRef.current.value = "";
      passwordRef.current.focus();
    }
  }, [actionData]);
  const registerHref = loaderData.redirectTo ? `/register?redirectTo=${encodeURIComponent(loaderData.redirectTo)}` : "/register";
  return (
    <AuthCard title="Login" intro="Welcome back. Log in to see your orders and profile.">
      <div className="space-y-4">
        {loaderData.registered && !actionData && <FormNotice>{REGISTERED_NOTICE}</FormNotice>}
        {loaderData.passwordReset && !actionData && <FormNotice>{PASSWORD_RESET_NOTICE}</FormNotice>}
        {actionData?.message && !submitting && <FormError>{actionData.message}</FormError>}
      </div>
      <Form method="post" className="mt-4 space-y-4" replace>
        {loaderData.redirectTo && <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />}
        <EmailField defaultValue={actionData?.values.email ?? ""} error={errors.email} />
        <TextField
          ref={passwordRef}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <label className="inline-flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              name="remember"
              defaultChecked={actionData?.values.remember ?? false}
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

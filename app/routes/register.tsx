import { data, Form, Link, redirect } from "react-router";
import { AuthCard, EmailField, FullNameField, NewPasswordFields, usePasswordCheck } from "~/components/account/form-parts";
import { FormError } from "~/components/ui/form-message";
import { SubmitButton } from "~/components/ui/submit-button";
import { HOUR_MS } from "~/modules/accounts/policy";
import { safeRedirectPath } from "~/modules/accounts/safe-redirect";
import { formFields, registerSchema, validateForm, type FieldErrors } from "~/modules/accounts/schemas";
import { registerUser } from "~/modules/accounts/users.server";
import { getCurrentUser } from "~/web/auth.server";
import { clientIp } from "~/web/client-ip.server";
import { retryAfterHeaders } from "~/web/retry-after";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/register";

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getCurrentUser(request, context)) throw redirect("/account");
  const url = new URL(request.url);
  return { redirectTo: url.searchParams.has("redirectTo") ? safeRedirectPath(url.searchParams.get("redirectTo")) : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  // Only these fields are read: a "role" (or anything else) in the post is ignored.
  const fields = formFields(await request.formData(), ["fullName", "email", "password", "confirmPassword", "redirectTo"]);
  const values = { fullName: fields.fullName, email: fields.email };
  const parsed = validateForm(registerSchema, fields);
  if (!parsed.ok) return data({ errors: parsed.errors, message: null, values }, { status: 400 });

  const perHour = context.env.SIGN_UPS_PER_ADDRESS_PER_HOUR;
  const result = await registerUser(
    context.db,
    { ...parsed.data, ipAddress: clientIp(request) },
    {
      publicUrl: context.env.publicUrl,
      shopName: context.shop.name,
      limits: perHour ? { perAddress: { limit: perHour, windowMs: HOUR_MS } } : undefined,
    },
  );
  if (!result.ok && "reason" in result) {
    // Typed name and email stay in the form (passwords never come back).
    return data(
      { errors: {} as FieldErrors, message: result.message, values },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  if (!result.ok) {
    // The account's own rules (email taken, weak password) are the "backend message" of the red box.
    const message = result.errors.email ?? result.errors.password ?? "Sorry, we could not create your account.";
    return data({ errors: {} as FieldErrors, message, values }, { status: result.errors.email ? 409 : 400 });
  }

  const next = new URLSearchParams({ registered: "true" });
  if (fields.redirectTo) next.set("redirectTo", safeRedirectPath(fields.redirectTo));
  return redirect(`/login?${next}`);
}

// Without it, a refused sign-up's Retry-After would reach only browsers running JavaScript
// (data requests), not a plain form post answered with the whole page.
export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Register",
    description: "Create an account to check out, follow your orders and save your delivery address.",
  });

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.errors ?? {};
  const passwords = usePasswordCheck();
  const loginHref = loaderData.redirectTo ? `/login?redirectTo=${encodeURIComponent(loaderData.redirectTo)}` : "/login";
  return (
    <AuthCard title="Register" intro="Create an account to check out and follow your orders.">
      {actionData?.message && <FormError>{actionData.message}</FormError>}
      <Form method="post" className="mt-4 space-y-4" onSubmit={passwords.onSubmit}>
        {loaderData.redirectTo && <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />}
        <FullNameField defaultValue={actionData?.values.fullName ?? ""} error={errors.fullName} />
        <EmailField defaultValue={actionData?.values.email ?? ""} error={errors.email} />
        <NewPasswordFields label="Password" confirmLabel="Confirm password" errors={errors} check={passwords} />
        <SubmitButton busyLabel="Creating account..." className="w-full">
          Create Account
        </SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Already have an account?{" "}
        <Link to={loginHref} className="font-semibold text-amber-700 underline-offset-2 hover:underline">
          Login
        </Link>
      </p>
    </AuthCard>
  );
}

import { data, Form, Link } from "react-router";
import { AuthCard, EmailField } from "~/components/account/form-parts";
import { FormError, FormNotice } from "~/components/ui/form-message";
import { SubmitButton } from "~/components/ui/submit-button";
import { RESET_REQUESTED_MESSAGE } from "~/modules/accounts/messages";
import { requestPasswordReset } from "~/modules/accounts/password-reset.server";
import { forgotPasswordSchema, formFields, validateForm } from "~/modules/accounts/schemas";
import { clientIp } from "~/web/client-ip.server";
import { retryAfterHeaders } from "~/web/retry-after";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/forgot-password";

export async function action({ request, context }: Route.ActionArgs) {
  const fields = formFields(await request.formData(), ["email"]);
  const parsed = validateForm(forgotPasswordSchema, fields);
  if (!parsed.ok) return data({ sent: false, errors: parsed.errors, message: null, email: fields.email }, { status: 400 });

  const result = await requestPasswordReset(
    context.db,
    { email: parsed.data.email, ipAddress: clientIp(request) },
    { publicUrl: context.env.publicUrl, shopName: context.shop.name },
  );
  if (!result.ok) {
    return data(
      { sent: false, errors: {}, message: result.message, email: fields.email },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  return { sent: true, errors: {}, message: null, email: parsed.data.email };
}

// A refusal's Retry-After reaches a plain form post too, not only data requests.
export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Forgot password",
    description: "Forgotten your password? Enter your email and we will send you a link to choose a new one.",
  });

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const errors: Partial<Record<string, string>> = actionData?.errors ?? {};
  if (actionData?.sent) {
    return (
      <AuthCard title="Check your email">
        <FormNotice>{RESET_REQUESTED_MESSAGE}</FormNotice>
        <p className="mt-6 text-center text-sm text-slate-600">
          <Link to="/login" className="font-semibold text-amber-700 underline-offset-2 hover:underline">
            Back to login
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Forgot password" intro="Enter the email address of your account and we will email you a link to choose a new password.">
      {actionData?.message && <FormError>{actionData.message}</FormError>}
      <Form method="post" className="mt-4 space-y-4">
        <EmailField defaultValue={actionData?.email ?? ""} error={errors.email} />
        <SubmitButton busyLabel="Sending..." className="w-full">
          Send reset link
        </SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Remembered it?{" "}
        <Link to="/login" className="font-semibold text-amber-700 underline-offset-2 hover:underline">
          Back to login
        </Link>
      </p>
    </AuthCard>
  );
}

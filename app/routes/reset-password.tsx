import { data, Form, Link, redirect } from "react-router";
import { AuthCard, NewPasswordFields, usePasswordCheck } from "~/components/account/form-parts";
import { FormError } from "~/components/ui/form-message";
import { SubmitButton } from "~/components/ui/submit-button";
import { RESET_LINK_INVALID } from "~/modules/accounts/messages";
import { isResetTokenUsable, resetPassword } from "~/modules/accounts/password-reset.server";
import { formFields, resetPasswordSchema, validateForm } from "~/modules/accounts/schemas";
import { getCurrentSession } from "~/web/auth.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/reset-password";

/** The link's token: /reset-password/<token>, or /reset-password?token=<token>. */
function tokenOf(request: Request, params: { token?: string }): string {
  return params.token ?? new URL(request.url).searchParams.get("token") ?? "";
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const usable = await isResetTokenUsable(context.db, tokenOf(request, params));
  // A dead link is a normal page with a way forward, sent with 410 Gone.
  return data({ usable }, { status: usable ? 200 : 410, headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const fields = formFields(await request.formData(), ["password", "confirmPassword"]);
  const parsed = validateForm(resetPasswordSchema, fields);
  if (!parsed.ok) return data({ errors: parsed.errors, message: null }, { status: 400 });

  const current = await getCurrentSession(request, context);
  const result = await resetPassword(context.db, {
    token: tokenOf(request, params),
    password: parsed.data.password,
    keepSessionTokenHash: current?.session.tokenHash ?? null,
  });
  if (!result.ok) {
    if (result.field === "token") return data({ errors: {}, message: result.message }, { status: 410 });
    return data({ errors: {}, message: result.message }, { status: 400 });
  }
  if (current && current.user.id === result.userId && result.keptSession) return redirect("/account");
  return redirect("/login?reset=true");
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Choose a new password", description: "Choose a new password for your account.", noindex: true });

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const errors: Partial<Record<string, string>> = actionData?.errors ?? {};
  const passwords = usePasswordCheck();
  if (!loaderData.usable) {
    return (
      <AuthCard title="Reset link no longer valid">
        <FormError>{RESET_LINK_INVALID}</FormError>
        <Link
          to="/forgot-password"
          className="mt-6 inline-flex w-full items-center justify-center rounded-lg bg-amber-500 px-5 py-2.5 font-semibold text-slate-900 hover:bg-amber-400"
        >
          Request a new link
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password" intro="After this, you will be signed out everywhere else.">
      {actionData?.message && <FormError>{actionData.message}</FormError>}
      <Form method="post" className="mt-4 space-y-4" onSubmit={passwords.onSubmit}>
        <NewPasswordFields label="New password" confirmLabel="Confirm new password" errors={errors} check={passwords} />
        <SubmitButton busyLabel="Saving..." className="w-full">
          Set new password
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}

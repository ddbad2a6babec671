import { data, redirect } from "react-router";
import { LoginPage } from "~/components/account/login-page";
import { safeRedirectPath } from "~/modules/accounts/safe-redirect";
import { formFields, loginSchema, validateForm, type FieldErrors } from "~/modules/accounts/schemas";
import { signIn } from "~/modules/accounts/users.server";
import { getCurrentUser } from "~/web/auth.server";
import { clientIp } from "~/web/client-ip.server";
import { mergeGuestCartAfterSignIn } from "~/web/guest-cart.server";
import { isSecureContext, readSessionToken, sessionCookie } from "~/web/session-cookie.server";
import { secondFactorRedirect } from "~/web/two-factor.server";
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
  // Two-factor sign-in on: no session yet, the code form comes next (decision 0024).
  if (!result.ok && result.reason === "second_factor") return secondFactorRedirect(result.pending, parsed.data.redirectTo, context);
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
  return <LoginPage {...loaderData} answer={actionData} />;
}

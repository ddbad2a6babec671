import { data, redirect } from "react-router";
import { LoginPage, type LoginAnswer } from "~/components/account/login-page";
import { CHALLENGE_FIELD, signInChallenges } from "~/modules/accounts/challenge.server";
import { SIGN_IN_CHALLENGE_TEXT } from "~/modules/accounts/messages";
import { safeRedirectPath } from "~/modules/accounts/safe-redirect";
import { formFields, loginSchema, validateForm, type FieldErrors } from "~/modules/accounts/schemas";
import { signIn, type SignInRateLimited } from "~/modules/accounts/users.server";
import { getCurrentUser } from "~/web/auth.server";
import { clientIp } from "~/web/client-ip.server";
import { mergeGuestCartAfterSignIn } from "~/web/guest-cart.server";
import { retryAfterHeaders } from "~/web/retry-after";
import { isSecureContext, readSessionToken, sessionCookie } from "~/web/session-cookie.server";
import { secondFactorRedirect } from "~/web/two-factor.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/login";
import { minutesToWait } from "~/utils/wait";

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
  const fields = formFields(await request.formData(), ["email", "password", "remember", "redirectTo", CHALLENGE_FIELD]);
  const values = { email: fields.email, remember: fields.remember === "on" };
  const parsed = validateForm(loginSchema, fields);
  if (!parsed.ok) return data<LoginAnswer>({ errors: parsed.errors, message: null, values }, { status: 400 });

  const result = await signIn(
    context.db,
    {
      email: parsed.data.email,
      password: parsed.data.password,
      remember: parsed.data.remember,
      ipAddress: clientIp(request),
      userAgent: request.headers.get("User-Agent"),
      previousToken: readSessionToken(request),
      challengePayload: fields[CHALLENGE_FIELD] || null,
    },
    { adminEmails: context.env.adminEmails, challenges: signInChallenges(context.db, context.env.ALTCHA_HMAC_KEY) },
  );
  // Two-factor sign-in on: no session yet, the code form comes next (decision 0024).
  if (!result.ok && result.reason === "second_factor") return secondFactorRedirect(result.pending, parsed.data.redirectTo, context);
  if (!result.ok) {
    const errors: FieldErrors = {};
    if (result.reason === "rate_limited") {
      return data<LoginAnswer>(rateLimitedAnswer(result, values), {
        status: 429,
        headers: { "Retry-After": String(result.retryAfterSeconds) },
      });
    }
    return data<LoginAnswer>({ errors, message: result.message, values }, { status: 401 });
  }
  const headers = new Headers({ "Set-Cookie": sessionCookie(result.session, { secure: isSecureContext(context) }) });
  // The guest cart follows the customer into their account (cart issue); its cookie is cleared.
  const guestCartCookie = await mergeGuestCartAfterSignIn(request, context, result.userId);
  if (guestCartCookie) headers.append("Set-Cookie", guestCartCookie);
  return redirect(safeRedirectPath(parsed.data.redirectTo), { headers });
}

/** Past the limits the form offers the proof-of-work instead of only "please wait". */
function rateLimitedAnswer(result: SignInRateLimited, values: LoginAnswer["values"]): LoginAnswer {
  if (!result.challenge) return { errors: {}, message: result.message, values };
  const problem = result.challengeProblem === "expired" ? SIGN_IN_CHALLENGE_TEXT.expired : result.challengeProblem ? SIGN_IN_CHALLENGE_TEXT.invalid : null;
  return {
    errors: {},
    message: problem ?? SIGN_IN_CHALLENGE_TEXT.explain,
    values,
    challenge: { json: JSON.stringify(result.challenge), retryAfterMinutes: minutesToWait(result.retryAfterSeconds) },
  };
}

// A refused sign-in's Retry-After reaches a plain form post too, not only data requests.
export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Login",
    description: "Log in to your account to see your orders, manage your profile and check out faster.",
    noindex: true,
  });

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  return <LoginPage {...loaderData} answer={actionData} />;
}

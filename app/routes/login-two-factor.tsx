import { data, redirect } from "react-router";
import { TwoFactorLoginPage, type TwoFactorLoginAnswer } from "~/components/account/two-factor-login-page";
import { CHALLENGE_FIELD, signInChallenges } from "~/modules/accounts/challenge.server";
import { TWO_FACTOR_CHALLENGE_TEXT } from "~/modules/accounts/messages";
import { safeRedirectPath } from "~/modules/accounts/safe-redirect";
import { formFields } from "~/modules/accounts/schemas";
import { completeSignIn, isSignInChallengeLive, type TwoFactorFailure } from "~/modules/accounts/two-factor.server";
import { getCurrentUser } from "~/web/auth.server";
import { clientIp } from "~/web/client-ip.server";
import { mergeGuestCartAfterSignIn } from "~/web/guest-cart.server";
import { isSecureContext, readSessionToken, sessionCookie } from "~/web/session-cookie.server";
import { clearPendingSignInCookie, readPendingSignIn } from "~/web/two-factor.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/login-two-factor";
import { privatePageHeaders } from "~/web/retry-after";
import { minutesToWait } from "~/utils/wait";

/** The second step of sign-in for an account with two-factor on (decision 0024). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const asked = url.searchParams.get("redirectTo");
  if (await getCurrentUser(request, context)) throw redirect(safeRedirectPath(asked));
  // No live pending sign-in (expired, spent, or never there): the password comes first.
  if (!(await isSignInChallengeLive(context.db, readPendingSignIn(request)))) {
    throw redirect(asked ? `/login?redirectTo=${encodeURIComponent(safeRedirectPath(asked))}` : "/login");
  }
  return { redirectTo: asked ? safeRedirectPath(asked) : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = formFields(await request.formData(), ["code", "redirectTo", CHALLENGE_FIELD]);
  const result = await completeSignIn(
    context.db,
    {
      token: readPendingSignIn(request),
      answer: fields.code.slice(0, 64),
      ipAddress: clientIp(request),
      userAgent: request.headers.get("User-Agent"),
      previousToken: readSessionToken(request),
      challengePayload: fields[CHALLENGE_FIELD] || null,
    },
    { encryptionKey: context.env.totpEncryptionKey, challenges: signInChallenges(context.db, context.env.ALTCHA_HMAC_KEY) },
  );
  if (!result.ok) {
    const status = result.reason === "rate_limited" ? 429 : result.reason === "expired" ? 401 : 400;
    const headers = new Headers();
    if (result.reason === "rate_limited" && result.retryAfterSeconds) headers.set("Retry-After", String(result.retryAfterSeconds));
    if (result.reason === "expired") headers.set("Set-Cookie", clearPendingSignInCookie(context));
    const answer: TwoFactorLoginAnswer =
      result.reason === "rate_limited" ? rateLimitedAnswer(result) : { message: result.message, expired: result.reason === "expired" };
    return data(answer, { status, headers });
  }
  const headers = new Headers({ "Set-Cookie": sessionCookie(result.session, { secure: isSecureContext(context) }) });
  headers.append("Set-Cookie", clearPendingSignInCookie(context));
  // The guest cart follows the customer into their account, as after a password-only sign-in.
  const guestCartCookie = await mergeGuestCartAfterSignIn(request, context, result.userId);
  if (guestCartCookie) headers.append("Set-Cookie", guestCartCookie);
  return redirect(safeRedirectPath(fields.redirectTo), { headers });
}

/** Past the account's code limit the form offers the proof-of-work, not only "please wait". */
function rateLimitedAnswer(result: TwoFactorFailure): TwoFactorLoginAnswer {
  const problem = result.challengeProblem ? TWO_FACTOR_CHALLENGE_TEXT[result.challengeProblem === "expired" ? "expired" : "invalid"] : null;
  if (!result.challenge) return { message: result.message, expired: false };
  const challenge = { json: JSON.stringify(result.challenge), retryAfterMinutes: minutesToWait(result.retryAfterSeconds ?? 60) };
  return { message: problem ?? result.message, expired: false, challenge };
}

// Personal, and a refusal's Retry-After reaches plain form posts too.
export const headers: Route.HeadersFunction = privatePageHeaders;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Two-factor sign-in", description: "Enter the code from your authenticator app to finish signing in.", noindex: true });

export default function LoginTwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  return <TwoFactorLoginPage redirectTo={loaderData.redirectTo} answer={actionData} />;
}

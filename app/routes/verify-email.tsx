import { data, redirect } from "react-router";
import { VerifyEmailPage, type VerifyEmailAnswer, type VerifyEmailView } from "~/components/account/verify-email";
import { findUsableVerification, isLinkFor, resendVerification, verifyEmail } from "~/modules/accounts/email-verification.server";
import { VERIFY_LINK_INVALID } from "~/modules/accounts/messages";
import { safeRedirectPath } from "~/modules/accounts/safe-redirect";
import { getCurrentSession, getCurrentUser, requireUser } from "~/web/auth.server";
import { clientIp } from "~/web/client-ip.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/verify-email";
import { privatePageHeaders } from "~/web/retry-after";

/**
 * /verify-email/<token>: the link from the verification email (or an admin invite). Opening
 * it only shows a button; the POST verifies, and only for a browser signed in to the link's
 * account (decision 0011): anyone else is asked to log in to it first. /verify-email without
 * a token: the signed-in user's status and "send the link again", where a verify lands.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const noStore = { "Cache-Control": "private, no-store" };
  if (!params.token) {
    const user = await requireUser(request, context);
    return data<VerifyEmailView>({ state: "status", verified: user.emailVerified, email: user.email }, { headers: noStore });
  }
  const link = await findUsableVerification(context.db, params.token);
  const user = await getCurrentUser(request, context);
  if (link) {
    const back = safeRedirectPath(`/verify-email/${params.token}`);
    return data<VerifyEmailView>(
      {
        state: "usable",
        purpose: link.purpose,
        email: link.email,
        signedIn: isLinkFor(link, user) ? "owner" : user ? "other" : "none",
        loginHref: `/login?redirectTo=${encodeURIComponent(back)}`,
      },
      { headers: noStore },
    );
  }
  // A dead link is a normal page with a way forward, sent with 410 Gone.
  return data<VerifyEmailView>(
    { state: "invalid", message: VERIFY_LINK_INVALID, canResend: Boolean(user && !user.emailVerified) },
    { status: 410, headers: noStore },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const intent = (await request.formData()).get("intent");
  if (intent === "resend") {
    const user = await requireUser(request, context);
    const result = await resendVerification(
      context.db,
      { userId: user.id, ipAddress: clientIp(request) },
      { publicUrl: context.env.publicUrl, shopName: context.shop.name },
    );
    if (!result.ok && result.reason === "rate_limited") {
      return data<VerifyEmailAnswer>(
        { ok: false, message: result.message },
        { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
    }
    return data<VerifyEmailAnswer>({ ok: result.ok, message: result.message });
  }
  if (intent !== "verify" || !params.token) {
    return data<VerifyEmailAnswer>({ ok: false, message: "Unknown request." }, { status: 400 });
  }
  const current = await getCurrentSession(request, context);
  const verifier = current ? { id: current.user.id, email: current.user.email, sessionTokenHash: current.session.tokenHash } : null;
  const result = await verifyEmail(context.db, { token: params.token, signedInUser: verifier }, { adminEmails: context.env.adminEmails });
  if (!result.ok) {
    return data<VerifyEmailAnswer>({ ok: false, message: result.message }, { status: result.reason === "wrong_account" ? 403 : 410 });
  }
  // Post/Redirect/Get: the spent link's page would answer 410; the status page says "verified".
  return redirect("/verify-email");
}

// A refused resend's Retry-After reaches plain form posts too, not only data requests.
export const headers: Route.HeadersFunction = privatePageHeaders;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Verify your email address", description: "Confirm the email address of your account.", noindex: true });

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  return <VerifyEmailPage view={loaderData} answer={actionData} />;
}

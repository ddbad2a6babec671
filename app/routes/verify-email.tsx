import { data } from "react-router";
import { VerifyEmailPage, type VerifyEmailAnswer, type VerifyEmailView } from "~/components/account/verify-email";
import { findUsableVerification, resendVerification, verifyEmail } from "~/modules/accounts/email-verification.server";
import { EMAIL_VERIFIED, VERIFY_LINK_INVALID } from "~/modules/accounts/messages";
import { getCurrentUser, requireUser } from "~/web/auth.server";
import { clientIp } from "~/web/client-ip.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/verify-email";
import { privatePageHeaders } from "~/web/retry-after";

/**
 * /verify-email/<token>: the link from the verification email (or an admin invite). Opening
 * it only shows a button; the POST verifies (decision 0011). /verify-email without a token:
 * the signed-in user's status and "send the link again".
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const noStore = { "Cache-Control": "private, no-store" };
  if (!params.token) {
    const user = await requireUser(request, context);
    return data<VerifyEmailView>({ state: "status", verified: user.emailVerified, email: user.email }, { headers: noStore });
  }
  const link = await findUsableVerification(context.db, params.token);
  if (link) return data<VerifyEmailView>({ state: "usable", purpose: link.purpose, email: link.email }, { headers: noStore });
  const user = await getCurrentUser(request, context);
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
    return data<VerifyEmailAnswer>({ ok: result.ok, message: result.message, verified: false });
  }
  if (intent !== "verify" || !params.token) {
    return data<VerifyEmailAnswer>({ ok: false, message: "Unknown request." }, { status: 400 });
  }
  const user = await getCurrentUser(request, context);
  const result = await verifyEmail(context.db, { token: params.token, signedInUser: user }, { adminEmails: context.env.adminEmails });
  if (!result.ok) {
    return data<VerifyEmailAnswer>({ ok: false, message: result.message }, { status: result.reason === "wrong_account" ? 403 : 410 });
  }
  return data<VerifyEmailAnswer>({ ok: true, verified: true, message: EMAIL_VERIFIED });
}

// A refused resend's Retry-After reaches plain form posts too, not only data requests.
export const headers: Route.HeadersFunction = privatePageHeaders;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Verify your email address", description: "Confirm the email address of your account.", noindex: true });

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  return <VerifyEmailPage view={loaderData} answer={actionData} />;
}

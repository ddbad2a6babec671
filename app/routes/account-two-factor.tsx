import { data, redirect } from "react-router";
import { TwoFactorPage } from "~/components/account/two-factor-page";
import { ADMIN_TWO_FACTOR_REQUIRED, TWO_FACTOR_CODES_REGENERATED, TWO_FACTOR_DISABLED, TWO_FACTOR_ENABLED } from "~/modules/accounts/messages";
import { PASSWORD_MAX_LENGTH } from "~/modules/accounts/policy";
import { formFields } from "~/modules/accounts/schemas";
import {
  confirmEnrolment,
  disableTwoFactor,
  enrolmentDetails,
  regenerateRecoveryCodes,
  startEnrolment,
  twoFactorState,
  type TwoFactorFailure,
} from "~/modules/accounts/two-factor.server";
import { totpQrDataUrl } from "~/modules/accounts/totp.server";
import { getCurrentSession, requireUser } from "~/web/auth.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/account-two-factor";
import { privatePageHeaders } from "~/web/retry-after";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const state = await twoFactorState(context.db, user.id);
  const details =
    state.status === "pending" ? await enrolmentDetails(context.db, user.id, { encryptionKey: context.env.totpEncryptionKey, issuer: context.shop.name }) : null;
  const required = new URL(request.url).searchParams.get("required") === "admin" && state.status !== "on";
  return {
    state,
    enrolment: details ? { secret: details.secret, qr: await totpQrDataUrl(details.uri) } : null,
    notice: required ? ADMIN_TWO_FACTOR_REQUIRED : null,
  };
}

function refused(failure: TwoFactorFailure) {
  const headers: HeadersInit = failure.retryAfterSeconds ? { "Retry-After": String(failure.retryAfterSeconds) } : {};
  return data({ error: failure.message, notice: null, recoveryCodes: null }, { status: failure.reason === "rate_limited" ? 429 : 400, headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const fields = formFields(await request.formData(), ["intent", "code", "proof"]);
  const options = { encryptionKey: context.env.totpEncryptionKey };
  switch (fields.intent) {
    case "start": {
      const started = await startEnrolment(context.db, user.id, options);
      if (!started.ok) return data({ error: started.message, notice: null, recoveryCodes: null }, { status: 409 });
      return redirect("/account/two-factor");
    }
    case "confirm": {
      const keepSessionTokenHash = (await getCurrentSession(request, context))?.session.tokenHash;
      const result = await confirmEnrolment(context.db, user.id, { code: fields.code.slice(0, 64), keepSessionTokenHash }, options);
      if (!result.ok) return refused(result);
      return { error: null, notice: TWO_FACTOR_ENABLED, recoveryCodes: result.recoveryCodes };
    }
    case "regenerate": {
      const result = await regenerateRecoveryCodes(context.db, user.id, fields.proof.slice(0, PASSWORD_MAX_LENGTH), options);
      if (!result.ok) return refused(result);
      return { error: null, notice: TWO_FACTOR_CODES_REGENERATED, recoveryCodes: result.recoveryCodes };
    }
    case "disable": {
      const result = await disableTwoFactor(context.db, user.id, fields.proof.slice(0, PASSWORD_MAX_LENGTH), options);
      if (!result.ok) return refused(result);
      return { error: null, notice: TWO_FACTOR_DISABLED, recoveryCodes: null };
    }
    default:
      return data({ error: "Unknown request.", notice: null, recoveryCodes: null }, { status: 400 });
  }
}

/** The secret and recovery codes are on this page: never stored by any cache. */
// Personal, and a refusal's Retry-After reaches plain form posts too.
export const headers: Route.HeadersFunction = privatePageHeaders;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Two-factor sign-in", description: "Protect your account with a code from an authenticator app.", noindex: true });

export default function AccountTwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  return <TwoFactorPage {...loaderData} answer={actionData} />;
}

import { data } from "react-router";
import {
  WHOLESALE_PAGE_INTRO,
  WHOLESALE_PAGE_TITLE,
  WholesaleApplicationPage,
} from "~/components/wholesale/application-page";
import {
  HONEYPOT_FIELD,
  WHOLESALE_TEXT,
  formValues,
  type FieldErrors,
  type WholesaleFormResult,
} from "~/modules/wholesale/application-schema";
import { submitApplication } from "~/modules/wholesale/applications.server";
import { clientIp } from "~/web/client-ip.server";
import { retryAfterHeaders } from "~/web/retry-after";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/wholesale";

// A refusal's Retry-After reaches a plain form post too, not only data requests.
export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: WHOLESALE_PAGE_TITLE, description: WHOLESALE_PAGE_INTRO });

export async function action({ request, context }: Route.ActionArgs) {
  // A body that isn't a form (a bot posting JSON, a truncated upload) is a 400, not a 500.
  const form = await request.formData().catch(() => null);
  if (!form) {
    return data<WholesaleFormResult>({ ok: false, error: WHOLESALE_TEXT.invalid, fieldErrors: {}, values: {} }, { status: 400 });
  }
  const values = formValues(form);
  const honeypot = form.get(HONEYPOT_FIELD);
  const result = await submitApplication(
    context.db,
    { ...values, [HONEYPOT_FIELD]: typeof honeypot === "string" ? honeypot : "" },
    // Set by the server from the socket (or the trusted proxy), never by the client. Without it
    // (a request that bypassed the server) every such request shares one bucket.
    { ip: clientIp(request) ?? "unknown" },
  );
  const fail = (error: string, status: number, fieldErrors: FieldErrors = {}, headers?: HeadersInit) =>
    data<WholesaleFormResult>({ ok: false, error, fieldErrors, values }, { status, headers });
  switch (result.status) {
    case "submitted":
    case "ignored": // the honeypot: the same answer a person gets, so a bot learns nothing
      return data<WholesaleFormResult>({ ok: true, message: WHOLESALE_TEXT.submitted, submissionId: crypto.randomUUID() });
    case "invalid":
      return fail(WHOLESALE_TEXT.invalid, 400, result.fieldErrors);
    case "rate_limited":
      return fail(WHOLESALE_TEXT.rateLimited, 429, {}, { "Retry-After": String(result.retryAfterSeconds) });
    case "duplicate":
      return fail(WHOLESALE_TEXT.duplicate, 409);
  }
}

export default function Wholesale({ actionData }: Route.ComponentProps) {
  return <WholesaleApplicationPage result={actionData as WholesaleFormResult | undefined} />;
}

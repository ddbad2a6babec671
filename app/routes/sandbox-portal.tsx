import { data } from "react-router";
import { z } from "zod";
import { SandboxPortalPage } from "~/components/sandbox/portal-page";
import { changeSandboxCancellation, loadSandboxPortal } from "~/modules/payments/sandbox/pro-pages.server";
import { paymentsFor } from "~/web/payments.server";
import { sandboxPageFor } from "~/web/sandbox-page.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/sandbox-portal";

const NO_STORE = { "Cache-Control": "private, no-store" };
// The sandbox gives portal sessions ids like its checkout sessions (older rows: bps_sbx_).
const portalIdSchema = z.string().regex(/^(cs|bps)_sbx_[a-f0-9]{24}$/);
const actionSchema = z.object({
  intent: z.enum(["cancel", "resume"]),
  subscriptionId: z.string().regex(/^sub_sbx_[a-f0-9]{24}$/),
});

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Manage subscription (test)",
    description: "The shop's built-in test billing portal. No real money is involved.",
    noindex: true,
  });

async function portalFor(args: Pick<Route.LoaderArgs, "request" | "context" | "params">) {
  const { page: portal, user } = await sandboxPageFor(args, args.params.portalId, {
    idSchema: portalIdSchema,
    notFound: "Billing portal session not found.",
    load: (db, id, viewerId) => loadSandboxPortal(db, id, viewerId, paymentsFor(args.context).membership),
  });
  return { portal, user };
}

export async function loader(args: Route.LoaderArgs) {
  const { portal } = await portalFor(args);
  return data({ portal }, { headers: NO_STORE });
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const { portal, user } = await portalFor(args);
  const parsed = actionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ message: "That request was not understood. Please try again." }, { status: 400, headers: NO_STORE });
  const { dispatch, membership } = paymentsFor(context);
  const result = await changeSandboxCancellation(context.db, portal.id, parsed.data.subscriptionId, parsed.data.intent === "cancel", {
    dispatch,
    membership,
    viewerId: user?.id ?? null,
  });
  switch (result.status) {
    case "changed":
    case "unchanged":
      return data({ message: null }, { headers: NO_STORE });
    case "expired":
      return data({ message: "This portal link has expired. Go back to the shop and open Manage subscription again." }, { status: 410, headers: NO_STORE });
    default:
      throw data("Subscription not found.", { status: 404 });
  }
}

export default function SandboxPortal({ loaderData, actionData }: Route.ComponentProps) {
  return <SandboxPortalPage portal={loaderData.portal} message={actionData?.message ?? null} />;
}

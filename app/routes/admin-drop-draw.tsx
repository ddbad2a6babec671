import { data } from "react-router";
import { AdminErrorPage } from "~/components/admin/admin-error";
import { DrawAdminPage, type DrawAdminResult } from "~/components/admin/drops/draw-admin-page";
import { drawForAdmin } from "~/modules/drops/draw-pages.server";
import { runDraw, settleDraw, type DrawRefusal } from "~/modules/drops/draw.server";
import { parseDbId } from "~/utils/db-id";
import { pageMeta } from "~/utils/seo";
import { requireAdmin } from "~/web/auth.server";
import type { Route } from "./+types/admin-drop-draw";

/** /admin/drops/:id/draw — a draw's entrants (email, rank, state, window, order) and "Run the draw now". */
export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Drop draw", description: "A free draw's entrants and results.", noindex: true });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const brandOf = (context: Route.LoaderArgs["context"]) => ({ shopName: context.shop.name, publicUrl: context.env.publicUrl });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // Session, then role, on every request.
  await requireAdmin(request, context);
  const dropId = parseDbId(params.id);
  if (!dropId) throw data("Draw not found", { status: 404 });
  // Winners who paid or ran out of time are settled before the list is shown (the job does it too).
  const view = await drawForAdmin(context.db, dropId);
  if (view?.drawnAt) await settleDraw(context.db, dropId, new Date(), { brand: brandOf(context) });
  const settled = view?.drawnAt ? await drawForAdmin(context.db, dropId) : view;
  if (!settled) throw data("Draw not found", { status: 404 });
  return { view: settled };
}

const REFUSALS: Record<DrawRefusal, [string, number]> = {
  not_found: ["There is no such draw.", 404],
  not_draw: ["There is no such draw.", 404],
  cancelled: ["This drop was called off: there is no draw.", 409],
  not_closed: ["Entry has not closed yet: the draw can run once it has.", 409],
  already_drawn: ["The draw has already been made.", 409],
};

export async function action({ request, context, params }: Route.ActionArgs) {
  // Checked again here: a form post is a request of its own.
  const admin = await requireAdmin(request, context);
  const dropId = parseDbId(params.id);
  if (!dropId) return data<DrawAdminResult>({ ok: false, message: "There is no such draw." }, { status: 404 });
  const form = await request.formData().catch(() => null);
  if (form?.get("intent") !== "run-draw") return data<DrawAdminResult>({ ok: false, message: "Please use the button on the page." }, { status: 400 });
  const result = await runDraw(context.db, dropId, new Date(), { brand: brandOf(context), actorUserId: admin.id });
  if (!result.ran) {
    const [message, status] = REFUSALS[result.refusal];
    return data<DrawAdminResult>({ ok: false, message }, { status });
  }
  return data<DrawAdminResult>({
    ok: true,
    message: `Drawn: ${result.winners} of ${result.entries} ${result.entries === 1 ? "entry" : "entries"} won a place (${result.places} ${result.places === 1 ? "place" : "places"}); everyone has been emailed.`,
  });
}

export default function AdminDropDraw({ loaderData, actionData }: Route.ComponentProps) {
  return <DrawAdminPage view={loaderData.view} result={actionData as DrawAdminResult | undefined} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} fallback="Sorry, the draw could not be loaded. Please try again in a moment." />;
}

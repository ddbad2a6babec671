import { data, redirect } from "react-router";
import { z } from "zod";
import { AdminErrorPage } from "~/components/admin/admin-error";
import { DropAdminPage } from "~/components/admin/drops/drops-admin";
import { callOffDrop, getAdminDrop, updateDrop } from "~/modules/drops/admin.server";
import { DROP_TEXT, dropFormValues, parseDropForm, type DropFormRefusal } from "~/modules/drops/admin-form";
import { getDropProgress } from "~/modules/drops/progress.server";
import { requireAdmin } from "~/web/auth.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/admin-drop";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData ? `Drop: ${args.loaderData.drop.productName}` : "Drop", description: "Edit a timed drop.", noindex: true });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const NOTICES = { created: DROP_TEXT.created, saved: DROP_TEXT.saved, unchanged: DROP_TEXT.unchanged, "called-off": DROP_TEXT.calledOffDone } as const;
const idSchema = z.coerce.number().int().positive().max(2_147_483_647);

function dropId(raw: string | undefined): number {
  const id = idSchema.safeParse(raw);
  if (!id.success) throw data(DROP_TEXT.notFound, { status: 404 });
  return id.data;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // Session, then role, on every request.
  await requireAdmin(request, context);
  const now = new Date();
  const drop = await getAdminDrop(context.db, dropId(params.id), now);
  if (!drop) throw data(DROP_TEXT.notFound, { status: 404 });
  const progress = await getDropProgress(context.db, drop, now);
  const done = new URL(request.url).searchParams.get("done");
  const notice = done && Object.hasOwn(NOTICES, done) ? NOTICES[done as keyof typeof NOTICES] : null;
  return { drop, progress, notice, values: dropFormValues(drop) };
}

/** `intent=save` edits the drop; `intent=call-off` (with the confirm box ticked) calls it off. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const id = dropId(params.id);
  const body = await request.formData().catch(() => null);
  const intent = body?.get("intent");
  if (!body || (intent !== "save" && intent !== "call-off")) return data<DropFormRefusal>({ ok: false, message: DROP_TEXT.resend, errors: {}, values: {} }, { status: 400 });
  if (intent === "call-off") {
    if (body.get("confirm") !== "yes") return data<DropFormRefusal>({ ok: false, message: DROP_TEXT.confirmCallOff, errors: {}, values: {} }, { status: 400 });
    const result = await callOffDrop(context.db, admin.id, id);
    if (!result.ok) {
      if (result.status === 404) throw data(result.message, { status: 404 });
      return data<DropFormRefusal>({ ok: false, message: result.message, errors: {}, values: {} }, { status: result.status });
    }
    return redirect(`/admin/drops/${id}?done=called-off`);
  }
  const parsed = parseDropForm((name) => (typeof body.get(name) === "string" ? (body.get(name) as string) : undefined), new Date(), { checkStartInFuture: false });
  if (!parsed.ok) return data<DropFormRefusal>({ ok: false, message: DROP_TEXT.fix, errors: parsed.errors, values: parsed.values }, { status: 400 });
  const result = await updateDrop(context.db, admin.id, id, parsed.input);
  if (!result.ok) {
    if (result.status === 404) throw data(result.message, { status: 404 });
    return data<DropFormRefusal>({ ok: false, message: result.message, errors: result.errors, values: parsed.values }, { status: result.status });
  }
  return redirect(`/admin/drops/${id}?done=${result.changed ? "saved" : "unchanged"}`);
}

export default function AdminDrop({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = actionData as DropFormRefusal | undefined;
  const hasValues = refusal && Object.keys(refusal.values).length > 0;
  return (
    <DropAdminPage
      drop={loaderData.drop}
      progress={loaderData.progress}
      notice={loaderData.notice}
      values={hasValues ? refusal.values : loaderData.values}
      errors={refusal?.errors ?? {}}
      message={refusal?.message}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} fallback="Sorry, the drop could not be loaded. Please try again in a moment." />;
}

import { data, Link, redirect } from "react-router";
import { z } from "zod";
import { AdminErrorPage } from "~/components/admin/admin-error";
import { DropForm } from "~/components/admin/drops/drops-admin";
import { createDrop, productForNewDrop } from "~/modules/drops/admin.server";
import { DROP_TEXT, newDropValues, parseDropForm, type DropFormRefusal } from "~/modules/drops/admin-form";
import { requireAdmin } from "~/web/auth.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/admin-drop-new";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "New drop", description: "Set up a timed drop for a product.", noindex: true });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const productIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** The product named by `?product=`, or 404; a product with a drop already goes to that drop. */
async function productOf(request: Request, db: Parameters<typeof productForNewDrop>[0]) {
  const id = productIdSchema.safeParse(new URL(request.url).searchParams.get("product"));
  if (!id.success) throw data(DROP_TEXT.noProduct, { status: 404 });
  const product = await productForNewDrop(db, id.data);
  if (!product) throw data(DROP_TEXT.noProduct, { status: 404 });
  return product;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const product = await productOf(request, context.db);
  if (product.existingDropId !== null) throw redirect(`/admin/drops/${product.existingDropId}`);
  return { product, values: newDropValues(new Date()) };
}

export async function action({ request, context }: Route.ActionArgs) {
  // Checked again here: a form post is a request of its own.
  const admin = await requireAdmin(request, context);
  const product = await productOf(request, context.db);
  const body = await request.formData().catch(() => null);
  if (!body) return data<DropFormRefusal>({ ok: false, message: DROP_TEXT.resend, errors: {}, values: {} }, { status: 400 });
  const parsed = parseDropForm((name) => (typeof body.get(name) === "string" ? (body.get(name) as string) : undefined), new Date());
  if (!parsed.ok) return data<DropFormRefusal>({ ok: false, message: DROP_TEXT.fix, errors: parsed.errors, values: parsed.values }, { status: 400 });
  const result = await createDrop(context.db, admin.id, product.id, parsed.input);
  if (!result.ok) return data<DropFormRefusal>({ ok: false, message: result.message, errors: result.errors, values: parsed.values }, { status: result.status });
  return redirect(`/admin/drops/${result.id}?done=created`);
}

export default function AdminDropNew({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = actionData as DropFormRefusal | undefined;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">New drop: {loaderData.product.name}</h1>
        <Link to="/admin/drops" className="text-sm font-medium text-amber-700 underline underline-offset-2">
          All drops
        </Link>
      </div>
      <DropForm values={refusal?.values ?? loaderData.values} errors={refusal?.errors ?? {}} message={refusal?.message} locked={false} submitLabel="Create drop" />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} fallback="Sorry, the drop form could not be loaded. Please try again in a moment." />;
}

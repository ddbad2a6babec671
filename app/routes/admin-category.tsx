import { data, redirect } from "react-router";
import { AdminErrorPage } from "~/components/admin/admin-error";
import { CategoryPage, type CategoryPageProps } from "~/components/admin/taxonomy/category-page";
import { categoryForAdmin, moveTaxonomy, setTaxonomyVisibility, updateCategory } from "~/modules/catalog/taxonomy-admin.server";
import { doneMessage, parseCategoryForm, parseRowCommand, TAXONOMY_TEXT, typedValues } from "~/modules/catalog/taxonomy-form";
import { requireAdmin } from "~/web/auth.server";
import { parseDbId } from "~/utils/db-id";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/admin-category";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData ? `Category: ${args.loaderData.category.name}` : "Category", description: "Edit a category.", noindex: true });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

function categoryId(params: { id: string }): number {
  const id = parseDbId(params.id);
  if (id === null) throw data(TAXONOMY_TEXT.notFound, { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const found = await categoryForAdmin(context.db, categoryId(params));
  if (!found) throw data(TAXONOMY_TEXT.notFound, { status: 404 });
  return { ...found, notice: doneMessage(new URL(request.url).searchParams.get("done"), found.category.name, "category") };
}

type Refusal = NonNullable<CategoryPageProps["refusal"]>;

/** `intent=save` edits the category; `move` and `visibility` are its buttons. Each ends in a redirect back here. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const id = categoryId(params);
  const form = await request.formData().catch(() => null);
  if (form?.get("intent") === "save") {
    const parsed = parseCategoryForm(form);
    if (!parsed.ok) return data<Refusal>({ message: TAXONOMY_TEXT.fix, errors: parsed.errors, values: typedValues(form) }, { status: 400 });
    const result = await updateCategory(context.db, admin.id, id, parsed.input);
    if (!result.ok) {
      if (result.notFound) throw data(result.message, { status: 404 });
      return data<Refusal>({ message: result.message, errors: result.errors ?? {}, values: typedValues(form) }, { status: 400 });
    }
    return redirect(`/admin/categories/${id}?done=${result.done}`);
  }
  const command = form ? parseRowCommand(form) : null;
  if (!command || command.id !== id) return data<Refusal>({ message: TAXONOMY_TEXT.resend }, { status: 400 });
  const result =
    command.intent === "move"
      ? await moveTaxonomy(context.db, admin.id, "category", id, command.direction)
      : await setTaxonomyVisibility(context.db, admin.id, "category", id, command.visible);
  if (!result.ok) throw data(result.message, { status: 404 });
  return redirect(`/admin/categories/${id}?done=${result.done}`);
}

export default function AdminCategory({ loaderData, actionData }: Route.ComponentProps) {
  return <CategoryPage {...loaderData} refusal={actionData as Refusal | undefined} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} fallback="Sorry, the category could not be loaded. Please try again in a moment." />;
}

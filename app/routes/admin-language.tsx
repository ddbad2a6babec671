import { data, redirect } from "react-router";
import { AdminErrorPage } from "~/components/admin/admin-error";
import { LanguagePage, type LanguagePageProps } from "~/components/admin/taxonomy/language-page";
import { createCategory, languageForAdmin, moveTaxonomy, setTaxonomyVisibility, updateLanguage } from "~/modules/catalog/taxonomy-admin.server";
import { doneMessage, parseCategoryForm, parseLanguageForm, parseRowCommand, TAXONOMY_TEXT, typedValues } from "~/modules/catalog/taxonomy-form";
import { requireAdmin } from "~/web/auth.server";
import { parseDbId } from "~/utils/db-id";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/admin-language";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData ? `Language: ${args.loaderData.language.name}` : "Language", description: "Edit a language and its categories.", noindex: true });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

function languageId(params: { id: string }): number {
  const id = parseDbId(params.id);
  if (id === null) throw data(TAXONOMY_TEXT.notFound, { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const found = await languageForAdmin(context.db, languageId(params));
  if (!found) throw data(TAXONOMY_TEXT.notFound, { status: 404 });
  const url = new URL(request.url);
  const about = url.searchParams.get("category");
  const name = about ? found.categories.find((c) => String(c.id) === about)?.name : found.language.name;
  return { ...found, notice: doneMessage(url.searchParams.get("done"), name, about ? "category" : "language") };
}

type Refusal = NonNullable<LanguagePageProps["refusal"]>;

/**
 * `intent=save` edits the language; `create-category` adds one to it; `move` and `visibility`
 * are its categories' row buttons. Each ends in a redirect back here.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const id = languageId(params);
  const form = await request.formData().catch(() => null);
  const intent = form?.get("intent");
  const back = (done: string, categoryId?: number) => redirect(`/admin/languages/${id}?done=${done}${categoryId ? `&category=${categoryId}` : ""}`);
  if (form && intent === "save") {
    const parsed = parseLanguageForm(form, { creating: false });
    if (!parsed.ok) return data<Refusal>({ form: "save", message: TAXONOMY_TEXT.fix, errors: parsed.errors, values: typedValues(form) }, { status: 400 });
    const result = await updateLanguage(context.db, admin.id, id, parsed.input);
    if (!result.ok) {
      if (result.notFound) throw data(result.message, { status: 404 });
      return data<Refusal>({ form: "save", message: result.message, errors: result.errors ?? {}, values: typedValues(form) }, { status: 400 });
    }
    return back(result.done);
  }
  if (form && intent === "create-category") {
    form.set("languageId", String(id));
    const parsed = parseCategoryForm(form);
    if (!parsed.ok) return data<Refusal>({ form: "category", message: TAXONOMY_TEXT.fix, errors: parsed.errors, values: typedValues(form) }, { status: 400 });
    const result = await createCategory(context.db, admin.id, parsed.input);
    if (!result.ok) return data<Refusal>({ form: "category", message: result.message, errors: result.errors ?? {}, values: typedValues(form) }, { status: 400 });
    return back(result.done, result.id);
  }
  const command = form ? parseRowCommand(form) : null;
  if (!command) return data<Refusal>({ form: "row", message: TAXONOMY_TEXT.resend }, { status: 400 });
  const found = await languageForAdmin(context.db, id);
  // A row button acts on this language's own categories only.
  if (!found?.categories.some((c) => c.id === command.id)) return data<Refusal>({ form: "row", message: TAXONOMY_TEXT.notFound }, { status: 404 });
  const result =
    command.intent === "move"
      ? await moveTaxonomy(context.db, admin.id, "category", command.id, command.direction)
      : await setTaxonomyVisibility(context.db, admin.id, "category", command.id, command.visible);
  if (!result.ok) return data<Refusal>({ form: "row", message: result.message }, { status: result.notFound ? 404 : 400 });
  return back(result.done, result.id);
}

export default function AdminLanguage({ loaderData, actionData }: Route.ComponentProps) {
  return <LanguagePage {...loaderData} refusal={actionData as Refusal | undefined} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} fallback="Sorry, the language could not be loaded. Please try again in a moment." />;
}

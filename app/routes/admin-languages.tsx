import { data, redirect } from "react-router";
import { AdminErrorPage } from "~/components/admin/admin-error";
import { LanguagesPage, type LanguagesPageProps } from "~/components/admin/taxonomy/languages-page";
import { createLanguage, listLanguagesForAdmin, moveTaxonomy, setTaxonomyVisibility } from "~/modules/catalog/taxonomy-admin.server";
import { doneMessage, parseLanguageForm, parseRowCommand, TAXONOMY_TEXT, typedValues } from "~/modules/catalog/taxonomy-form";
import { requireAdmin } from "~/web/auth.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/admin-languages";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Languages & categories", description: "The shop's languages and categories.", noindex: true });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const languages = await listLanguagesForAdmin(context.db);
  const url = new URL(request.url);
  const about = languages.find((l) => String(l.id) === url.searchParams.get("id"));
  return { languages, notice: doneMessage(url.searchParams.get("done"), about?.name, "language") };
}

type Refusal = NonNullable<LanguagesPageProps["refusal"]>;

/** `intent=create` adds a language; `move` and `visibility` are a row's buttons. Each ends in a redirect back here. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await request.formData().catch(() => null);
  if (form?.get("intent") === "create") {
    const parsed = parseLanguageForm(form, { creating: true });
    if (!parsed.ok) return data<Refusal>({ message: TAXONOMY_TEXT.fix, errors: parsed.errors, values: typedValues(form) }, { status: 400 });
    const result = await createLanguage(context.db, admin.id, parsed.input);
    if (!result.ok) return data<Refusal>({ message: result.message, errors: result.errors ?? {}, values: typedValues(form) }, { status: 400 });
    return redirect(`/admin/languages/${result.id}?done=created`);
  }
  const command = form ? parseRowCommand(form) : null;
  if (!command) return data<Refusal>({ message: TAXONOMY_TEXT.resend }, { status: 400 });
  const result =
    command.intent === "move"
      ? await moveTaxonomy(context.db, admin.id, "language", command.id, command.direction)
      : await setTaxonomyVisibility(context.db, admin.id, "language", command.id, command.visible);
  if (!result.ok) return data<Refusal>({ message: result.message }, { status: result.notFound ? 404 : 400 });
  return redirect(`/admin/languages?done=${result.done}&id=${result.id}`);
}

export default function AdminLanguages({ loaderData, actionData }: Route.ComponentProps) {
  return <LanguagesPage {...loaderData} refusal={actionData as Refusal | undefined} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} fallback="Sorry, the languages could not be loaded. Please try again in a moment." />;
}

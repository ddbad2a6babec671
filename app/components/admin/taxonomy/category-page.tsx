import { ArrowLeft } from "lucide-react";
import { Form, Link } from "react-router";
import { SelectField } from "~/components/ui/field";
import { FormError, FormNotice } from "~/components/ui/form-message";
import { SubmitButton } from "~/components/ui/submit-button";
import type { AdminCategory, TaxonomyFieldErrors, TaxonomyFormValues } from "~/modules/catalog/taxonomy-form";
import { NameAndSlugFields } from "./language-fields";
import { RowControls, VisibilityPill } from "./row-controls";

export interface CategoryPageProps {
  category: AdminCategory;
  language: { id: number; name: string };
  languages: { id: number; name: string }[];
  notice: string | null;
  refusal?: { message: string; errors?: TaxonomyFieldErrors; values?: TaxonomyFormValues };
}

/** /admin/categories/:id: rename a category, change its address or language, hide or show it. */
export function CategoryPage({ category, language, languages, notice, refusal }: CategoryPageProps) {
  const values = refusal?.values ?? { name: category.name, slug: category.slug, languageId: String(category.languageId) };
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link to={`/admin/languages/${language.id}`} className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-amber-700 underline underline-offset-2">
        <ArrowLeft aria-hidden className="h-4 w-4" /> {language.name}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{category.name}</h1>
        <VisibilityPill visible={category.isVisible} />
      </div>
      <p className="text-slate-600">
        {category.productCount === 1 ? "1 product" : `${category.productCount} products`} · shown at{" "}
        <Link to={`/category/${category.slug}`} className="text-amber-700 underline underline-offset-2">
          /category/{category.slug}
        </Link>{" "}
        when visible.
      </p>
      {notice && <FormNotice>{notice}</FormNotice>}
      {refusal && <FormError>{refusal.message}</FormError>}
      <section aria-labelledby="edit-category" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="edit-category" className="text-lg font-semibold text-slate-900">
          Details
        </h2>
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
          <NameAndSlugFields prefix="category" values={values} errors={refusal?.errors ?? {}} />
          <SelectField name="languageId" label="Language" defaultValue={values.languageId} error={refusal?.errors?.languageId}>
            {languages.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </SelectField>
          <div className="sm:col-span-2">
            <SubmitButton busyLabel="Saving…" name="intent" value="save">
              Save category
            </SubmitButton>
          </div>
        </Form>
      </section>
      <section aria-labelledby="category-order" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="category-order" className="mb-3 text-lg font-semibold text-slate-900">
          Place and visibility
        </h2>
        <RowControls id={category.id} name={category.name} visible={category.isVisible} first={false} last={false} />
      </section>
    </div>
  );
}

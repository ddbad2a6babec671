import { ArrowLeft } from "lucide-react";
import { Form, Link } from "react-router";
import { FormError, FormNotice } from "~/components/ui/form-message";
import { SubmitButton } from "~/components/ui/submit-button";
import { flagCodeOf, type AdminCategory, type AdminLanguage, type TaxonomyFieldErrors, type TaxonomyFormValues } from "~/modules/catalog/taxonomy-form";
import { FlagField, NameAndSlugFields } from "./language-fields";
import { RowControls, VisibilityPill } from "./row-controls";

export interface LanguagePageProps {
  language: AdminLanguage;
  categories: AdminCategory[];
  notice: string | null;
  /** Which form was refused ("save" the language, "category" the new category, "row" a button). */
  refusal?: { form: "save" | "category" | "row"; message: string; errors?: TaxonomyFieldErrors; values?: TaxonomyFormValues };
}

/** /admin/languages/:id: edit a language, and order, hide, show and add its categories. */
export function LanguagePage({ language, categories, notice, refusal }: LanguagePageProps) {
  const saveRefusal = refusal?.form === "save" ? refusal : undefined;
  const categoryRefusal = refusal?.form === "category" ? refusal : undefined;
  const values = saveRefusal?.values ?? { name: language.name, slug: language.slug, flag: flagCodeOf(language.flagUrl) ?? "" };
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <Link to="/admin/languages" className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-amber-700 underline underline-offset-2">
        <ArrowLeft aria-hidden className="h-4 w-4" /> All languages
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <img src={language.flagUrl} alt="" width={48} height={36} className="h-9 w-12 rounded border border-slate-200 object-cover" />
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{language.name}</h1>
        <VisibilityPill visible={language.isVisible} />
      </div>
      {notice && <FormNotice>{notice}</FormNotice>}
      {refusal?.form === "row" && <FormError>{refusal.message}</FormError>}

      <section aria-labelledby="edit-language" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="edit-language" className="text-lg font-semibold text-slate-900">
          Details
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Language code <code>{language.code}</code> (fixed: card listings refer to it).
        </p>
        {saveRefusal && (
          <div className="mt-4">
            <FormError>{saveRefusal.message}</FormError>
          </div>
        )}
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
          <NameAndSlugFields prefix="language" values={values} errors={saveRefusal?.errors ?? {}} />
          <FlagField prefix="language" values={values} errors={saveRefusal?.errors ?? {}} />
          <div className="sm:col-span-2">
            <SubmitButton busyLabel="Saving…" name="intent" value="save">
              Save language
            </SubmitButton>
          </div>
        </Form>
      </section>

      <section aria-labelledby="categories" className="space-y-3">
        <h2 id="categories" className="text-lg font-semibold text-slate-900">
          Categories
        </h2>
        {categories.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-slate-600">No categories yet: add the first below.</p>
        ) : (
          <ol className="space-y-3" aria-label={`Categories of ${language.name}`}>
            {categories.map((category, index) => (
              <li key={category.id} className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <div className="min-w-0 flex-1 basis-56">
                  <p className="flex flex-wrap items-center gap-2">
                    <Link to={`/admin/categories/${category.id}`} className="font-semibold text-slate-900 underline decoration-slate-300 underline-offset-2 hover:decoration-amber-500">
                      {category.name}
                    </Link>
                    <VisibilityPill visible={category.isVisible} />
                  </p>
                  <p className="mt-0.5 text-sm break-words text-slate-600">
                    /category/{category.slug} · {category.productCount === 1 ? "1 product" : `${category.productCount} products`}
                  </p>
                </div>
                <RowControls id={category.id} name={category.name} visible={category.isVisible} first={index === 0} last={index === categories.length - 1} />
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="add-category" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="add-category" className="text-lg font-semibold text-slate-900">
          Add a category to {language.name}
        </h2>
        <p className="mt-1 text-sm text-slate-600">It starts hidden: add its products, then show it.</p>
        {categoryRefusal && (
          <div className="mt-4">
            <FormError>{categoryRefusal.message}</FormError>
          </div>
        )}
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
          <NameAndSlugFields prefix="new-category" values={categoryRefusal?.values ?? {}} errors={categoryRefusal?.errors ?? {}} />
          <div className="sm:col-span-2">
            <SubmitButton busyLabel="Adding…" name="intent" value="create-category">
              Add category
            </SubmitButton>
          </div>
        </Form>
      </section>
    </div>
  );
}

import { Form, Link } from "react-router";
import { TextField } from "~/components/ui/field";
import { FormError, FormNotice } from "~/components/ui/form-message";
import { SubmitButton } from "~/components/ui/submit-button";
import type { AdminLanguage, TaxonomyFieldErrors, TaxonomyFormValues } from "~/modules/catalog/taxonomy-form";
import { FlagField, NameAndSlugFields } from "./language-fields";
import { RowControls, VisibilityPill } from "./row-controls";

export interface LanguagesPageProps {
  languages: AdminLanguage[];
  notice: string | null;
  /** A refused "add a language" (its typed values come back) or a refused row button. */
  refusal?: { message: string; errors?: TaxonomyFieldErrors; values?: TaxonomyFormValues };
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** /admin/languages: every language in shop order, with its buttons, and the form to add one. */
export function LanguagesPage({ languages, notice, refusal }: LanguagesPageProps) {
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Languages &amp; categories</h1>
        <p className="mt-1 text-slate-600">
          The shop lists languages in this order, each with its categories. A hidden language or category takes its products out of the shop; nothing
          is deleted.
        </p>
      </div>
      {notice && <FormNotice>{notice}</FormNotice>}
      {refusal && !refusal.errors && <FormError>{refusal.message}</FormError>}

      <ol className="space-y-3" aria-label="Languages">
        {languages.map((language, index) => (
          <li key={language.id} className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <img src={language.flagUrl} alt="" width={48} height={36} className="h-9 w-12 shrink-0 rounded border border-slate-200 object-cover" />
            <div className="min-w-0 flex-1 basis-56">
              <p className="flex flex-wrap items-center gap-2">
                <Link to={`/admin/languages/${language.id}`} className="font-semibold text-slate-900 underline decoration-slate-300 underline-offset-2 hover:decoration-amber-500">
                  {language.name}
                </Link>
                <VisibilityPill visible={language.isVisible} />
              </p>
              <p className="mt-0.5 text-sm break-words text-slate-600">
                Code <code>{language.code}</code> · /language/{language.slug} · {count(language.categoryCount, "category", "categories")} ·{" "}
                {count(language.productCount, "product", "products")}
              </p>
            </div>
            <RowControls id={language.id} name={language.name} visible={language.isVisible} first={index === 0} last={index === languages.length - 1} />
          </li>
        ))}
      </ol>

      <section aria-labelledby="add-language" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="add-language" className="text-lg font-semibold text-slate-900">
          Add a language
        </h2>
        <p className="mt-1 text-sm text-slate-600">It starts hidden: add its categories, then show it.</p>
        {refusal?.errors && (
          <div className="mt-4">
            <FormError>{refusal.message}</FormError>
          </div>
        )}
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
          <input type="hidden" name="intent" value="create" />
          <NameAndSlugFields prefix="new-language" values={refusal?.values ?? {}} errors={refusal?.errors ?? {}} />
          <TextField
            id="new-language-code"
            name="code"
            label="Language code"
            hint='As card listings use it: "en", "ja", "zh-cn". It cannot be changed later.'
            required
            maxLength={5}
            defaultValue={refusal?.values?.code}
            error={refusal?.errors?.code}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
          />
          <FlagField prefix="new-language" values={refusal?.values ?? {}} errors={refusal?.errors ?? {}} />
          <div className="sm:col-span-2">
            <SubmitButton busyLabel="Adding…" name="intent" value="create">
              Add language
            </SubmitButton>
          </div>
        </Form>
      </section>
    </div>
  );
}

import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import { FormError } from "~/components/ui/form-message";
import { SelectField, TextField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import type { CategoryChoice } from "~/modules/catalog/product-admin-view";
import { MAX_DESCRIPTION_LENGTH, MAX_PRODUCT_NAME_LENGTH, MAX_SLUG_LENGTH, productSlug, type FieldErrors, type FormValues } from "~/modules/catalog/product-form";

/** Moves focus to the first field in error (or the message) after a refused post. */
export function useFocusFirstError(errors: FieldErrors, message: string | undefined, container: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!message) return;
    const first = container.current?.querySelector<HTMLElement>("[aria-invalid='true']") ?? container.current?.querySelector<HTMLElement>("[role='alert']");
    first?.focus();
  }, [errors, message, container]);
}

/**
 * The product's own fields, and for a sealed product its price, member price and (new only)
 * opening stock. The slug follows the name until the admin edits it (with JavaScript; without,
 * an empty slug is made from the name on the server).
 */
export function ProductForm({
  mode,
  sealed,
  values,
  errors,
  message,
  categories,
}: {
  mode: "create" | "edit";
  sealed: boolean;
  values: FormValues;
  errors: FieldErrors;
  message?: string;
  categories: CategoryChoice[];
}) {
  const ref = useRef<HTMLFormElement>(null);
  useFocusFirstError(errors, message, ref);
  const [name, setName] = useState(values.name ?? "");
  const [slug, setSlug] = useState(values.slug ?? "");
  const [slugEdited, setSlugEdited] = useState(mode === "edit" || (values.slug ?? "") !== "");
  const byLanguage = new Map<string, CategoryChoice[]>();
  for (const c of categories) byLanguage.set(c.languageName, [...(byLanguage.get(c.languageName) ?? []), c]);

  return (
    <Form
      ref={ref}
      method="post"
      noValidate
      className="space-y-5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      aria-label={mode === "create" ? "New product" : "Edit product"}
    >
      <input type="hidden" name="intent" value="save" />
      {message && <FormError>{message}</FormError>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          name="name"
          label="Name"
          required
          maxLength={MAX_PRODUCT_NAME_LENGTH}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            if (!slugEdited) setSlug(productSlug(e.target.value));
          }}
          error={errors.name}
          className="sm:col-span-2"
        />
        <TextField
          name="slug"
          label="Slug (web address)"
          maxLength={MAX_SLUG_LENGTH}
          value={slug}
          onChange={(e) => {
            setSlug(e.target.value);
            setSlugEdited(true);
          }}
          error={errors.slug}
          hint={<>Shop address: /products/{slug || "…"}. Left empty, it is made from the name.</>}
          className="sm:col-span-2"
          autoCapitalize="none"
          spellCheck={false}
        />
        <SelectField name="categoryId" label="Category" defaultValue={values.categoryId ?? ""} error={errors.categoryId} required>
          <option value="">Choose a category</option>
          {[...byLanguage].map(([language, list]) => (
            <optgroup key={language} label={language}>
              {list.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
        <SelectField name="visibility" label="Visibility" defaultValue={values.visibility || "visible"} error={errors.visibility}>
          <option value="visible">Shown in the shop</option>
          <option value="hidden">Hidden</option>
        </SelectField>
        <TextField
          name="releaseDate"
          label="Release date (optional)"
          inputMode="numeric"
          placeholder="dd/mm/yyyy"
          defaultValue={values.releaseDate ?? ""}
          error={errors.releaseDate}
          hint="Day/month/year, e.g. 24/12/2026."
        />
        <TextField
          name="limit"
          label="Limit per customer (optional)"
          inputMode="numeric"
          defaultValue={values.limit ?? ""}
          error={errors.limit}
          hint="Most units one customer may hold; empty for no limit."
        />
        {sealed && (
          <>
            <TextField name="price" label="Price (£)" inputMode="decimal" required defaultValue={values.price ?? ""} error={errors.price} placeholder="0.00" />
            <TextField
              name="member"
              label="Member price (£, optional)"
              inputMode="decimal"
              defaultValue={values.member ?? ""}
              error={errors.member}
              placeholder="0.00"
              hint="For Pro members; not more than the price."
            />
            {mode === "create" && (
              <TextField
                name="stock"
                label="Opening stock"
                inputMode="numeric"
                defaultValue={values.stock ?? "0"}
                error={errors.stock}
                hint="Recorded in the stock history as opening stock."
              />
            )}
          </>
        )}
        <div className="sm:col-span-2">
          <label htmlFor="field-description" className="block text-sm font-medium text-slate-700">
            Description (optional)
          </label>
          <textarea
            id="field-description"
            name="description"
            rows={6}
            maxLength={MAX_DESCRIPTION_LENGTH}
            defaultValue={values.description ?? ""}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? "field-description-error" : undefined}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-amber-500 focus:outline-none focus:ring-2 focus:ring-amber-200"
          />
          {errors.description && (
            <p id="field-description-error" className="mt-1 text-sm font-medium text-red-700">
              {errors.description}
            </p>
          )}
        </div>
      </div>
      <SubmitButton busyLabel="Saving...">{mode === "create" ? "Create product" : "Save changes"}</SubmitButton>
    </Form>
  );
}

import { TextField } from "~/components/ui/field";
import { MAX_TAXONOMY_NAME, type TaxonomyFieldErrors, type TaxonomyFormValues } from "~/modules/catalog/taxonomy-form";

/** The name and address fields every language and category form has. */
export function NameAndSlugFields({ values, errors, prefix }: { values: TaxonomyFormValues; errors: TaxonomyFieldErrors; prefix: string }) {
  return (
    <>
      <TextField id={`${prefix}-name`} name="name" label="Name" required maxLength={MAX_TAXONOMY_NAME} defaultValue={values.name} error={errors.name} autoComplete="off" />
      <TextField
        id={`${prefix}-slug`}
        name="slug"
        label="Address (slug)"
        hint="Lower-case letters, digits and hyphens. Leave empty to make it from the name."
        defaultValue={values.slug}
        error={errors.slug}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
      />
    </>
  );
}

/** The flag field with a preview of the flag as typed when the page loaded. */
export function FlagField({ values, errors, prefix }: { values: TaxonomyFormValues; errors: TaxonomyFieldErrors; prefix: string }) {
  return (
    <TextField
      id={`${prefix}-flag`}
      name="flag"
      label="Flag (country code)"
      hint='Two letters, e.g. "gb" for the United Kingdom, "jp" for Japan.'
      required
      maxLength={6}
      defaultValue={values.flag}
      error={errors.flag}
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
    />
  );
}

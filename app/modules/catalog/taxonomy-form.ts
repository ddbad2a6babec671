/**
 * The back office's language and category forms (/admin/languages, /admin/languages/:id,
 * /admin/categories/:id): their fields, how what the admin typed is checked, and every message.
 * Plain (no `.server`): the pages render these texts and put typed values back after a refusal;
 * the actions parse with the same functions.
 */
import { z } from "zod";
import { isSlug, MAX_SLUG_LENGTH, slugify } from "~/utils/slug";
import { MAX_INT4 } from "~/utils/db-id";

export const MAX_TAXONOMY_NAME = 80;

/** A print language code as variants store it: "en", "ja", "zh-cn" (product_variants CHECK). */
export const LANGUAGE_CODE_PATTERN = /^[a-z]{2}(-[a-z]{2})?$/;
/** A flag of the flag-icons set: ISO 3166-1 alpha-2 ("gb", "jp") or a subdivision ("gb-eng"). */
export const FLAG_CODE_PATTERN = /^[a-z]{2}(-[a-z]{2,3})?$/;

export function flagUrlFor(flagCode: string): string {
  return `/flags/4x3/${flagCode}.svg`;
}

/** "gb" back out of "/flags/4x3/gb.svg"; null for a URL the form did not make. */
export function flagCodeOf(flagUrl: string): string | null {
  const match = /^\/flags\/4x3\/([a-z]{2}(?:-[a-z]{2,3})?)\.svg$/.exec(flagUrl);
  return match ? match[1]! : null;
}

export const TAXONOMY_TEXT = {
  resend: "Please send the form again.",
  fix: "Please correct the fields marked below.",
  name: `Enter a name of up to ${MAX_TAXONOMY_NAME} characters.`,
  slug: `Use lower-case letters, digits and single hyphens (up to ${MAX_SLUG_LENGTH} characters), e.g. booster-boxes.`,
  slugFromName: "The name has no letters or digits to make an address from. Please type an address.",
  slugTaken: (slug: string, free: string) => `The address "${slug}" is already used. "${free}" is free.`,
  code: 'Enter a language code such as "en", "ja" or "zh-cn".',
  codeTaken: (code: string) => `There is already a language with the code "${code}".`,
  flag: 'Enter the two-letter country code of the flag, e.g. "gb" or "jp".',
  flagUnknown: (code: string) => `There is no flag for "${code}". Use a two-letter country code such as "gb".`,
  language: "Choose the language this category belongs to.",
  notFound: "That language or category no longer exists.",
  languageCreated: (name: string) => `Language ${name} created. It is hidden until you show it.`,
  categoryCreated: (name: string) => `Category ${name} created. It is hidden until you show it.`,
  saved: (name: string) => `${name} saved.`,
  unchanged: (name: string) => `Nothing changed: ${name} was already like this.`,
  shown: (name: string) => `${name} is shown in the shop.`,
  hidden: (name: string) => `${name} is hidden: the shop no longer lists it or its products. Nothing was deleted.`,
  moved: (name: string) => `${name} moved.`,
  cannotMove: (name: string) => `${name} is already at that end of the list.`,
} as const;

export type TaxonomyField = "name" | "slug" | "code" | "flag" | "languageId";
export type TaxonomyFormValues = Partial<Record<TaxonomyField, string>>;
export type TaxonomyFieldErrors = Partial<Record<TaxonomyField, string>>;

export interface LanguageInput {
  name: string;
  slug: string;
  flagCode: string;
  /** Only when creating: variants and singles refer to a language by its code, so it never changes. */
  code?: string;
}

export interface CategoryInput {
  name: string;
  slug: string;
  languageId: number;
}

export type Parsed<T> = { ok: true; input: T } | { ok: false; errors: TaxonomyFieldErrors };

const text = (form: FormData, field: string) => {
  const value = form.get(field);
  return typeof value === "string" ? value.trim() : "";
};

/** The fields as typed, to put back into the form after a refusal. */
export function typedValues(form: FormData): TaxonomyFormValues {
  const out: TaxonomyFormValues = {};
  for (const field of ["name", "slug", "code", "flag", "languageId"] as const) {
    const value = form.get(field);
    if (typeof value === "string") out[field] = value.slice(0, 200);
  }
  return out;
}

function nameAndSlug(form: FormData, errors: TaxonomyFieldErrors): { name: string; slug: string } {
  const name = text(form, "name").replace(/\s+/g, " ");
  if (!name || name.length > MAX_TAXONOMY_NAME) errors.name = TAXONOMY_TEXT.name;
  const typedSlug = text(form, "slug").toLowerCase();
  let slug = typedSlug;
  if (!typedSlug) {
    slug = slugify(name);
    if (name && !slug) errors.slug = TAXONOMY_TEXT.slugFromName;
  } else if (!isSlug(typedSlug)) {
    errors.slug = TAXONOMY_TEXT.slug;
  }
  return { name, slug };
}

/** A language form: name, address (made from the name when empty), flag, and on create its code. */
export function parseLanguageForm(form: FormData, { creating }: { creating: boolean }): Parsed<LanguageInput> {
  const errors: TaxonomyFieldErrors = {};
  const { name, slug } = nameAndSlug(form, errors);
  const flagCode = text(form, "flag").toLowerCase();
  if (!FLAG_CODE_PATTERN.test(flagCode)) errors.flag = TAXONOMY_TEXT.flag;
  const input: LanguageInput = { name, slug, flagCode };
  if (creating) {
    const code = text(form, "code").toLowerCase();
    if (!LANGUAGE_CODE_PATTERN.test(code)) errors.code = TAXONOMY_TEXT.code;
    input.code = code;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, input };
}

const idSchema = z.coerce.number().int().positive().max(MAX_INT4);

/** A category form: name, address (made from the name when empty) and its language. */
export function parseCategoryForm(form: FormData): Parsed<CategoryInput> {
  const errors: TaxonomyFieldErrors = {};
  const { name, slug } = nameAndSlug(form, errors);
  const languageId = idSchema.safeParse(text(form, "languageId"));
  if (!languageId.success) errors.languageId = TAXONOMY_TEXT.language;
  return Object.keys(errors).length > 0 || !languageId.success ? { ok: false, errors } : { ok: true, input: { name, slug, languageId: languageId.data } };
}

/** A language or category as the back office lists it. */
export interface TaxonomyRow {
  id: number;
  name: string;
  slug: string;
  isVisible: boolean;
  sortOrder: number;
  /** Products in it (all of them, hidden included). */
  productCount: number;
}

export interface AdminLanguage extends TaxonomyRow {
  code: string;
  flagUrl: string;
  categoryCount: number;
}

export interface AdminCategory extends TaxonomyRow {
  languageId: number;
}

/** What a row's buttons ask: move it up or down, or show or hide it. */
export type RowCommand = { intent: "move"; id: number; direction: "up" | "down" } | { intent: "visibility"; id: number; visible: boolean };

const rowCommandSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("move"), id: idSchema, direction: z.enum(["up", "down"]) }),
  z.object({ intent: z.literal("visibility"), id: idSchema, visible: z.enum(["true", "false"]).transform((v) => v === "true") }),
]);

/** A row button's form, or null when it is not one (the page answers "send the form again"). */
export function parseRowCommand(form: FormData): RowCommand | null {
  const parsed = rowCommandSchema.safeParse(Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")));
  return parsed.success ? parsed.data : null;
}

/** `?done=` after a redirect (Post/Redirect/Get): which message to show about which row. */
export const DONE_KEYS = ["created", "saved", "unchanged", "shown", "hidden", "moved", "cannotMove"] as const;
export type DoneKey = (typeof DONE_KEYS)[number];

export function doneMessage(key: string | null, name: string | undefined, kind: "language" | "category"): string | null {
  if (!key || !name || !(DONE_KEYS as readonly string[]).includes(key)) return null;
  switch (key as DoneKey) {
    case "created":
      return kind === "language" ? TAXONOMY_TEXT.languageCreated(name) : TAXONOMY_TEXT.categoryCreated(name);
    case "saved":
      return TAXONOMY_TEXT.saved(name);
    case "unchanged":
      return TAXONOMY_TEXT.unchanged(name);
    case "shown":
      return TAXONOMY_TEXT.shown(name);
    case "hidden":
      return TAXONOMY_TEXT.hidden(name);
    case "moved":
      return TAXONOMY_TEXT.moved(name);
    case "cannotMove":
      return TAXONOMY_TEXT.cannotMove(name);
  }
}

import { z } from "zod";
import { PROFILE_COUNTRIES } from "~/config/constants";
import { PASSWORD_MAX_LENGTH } from "./policy";

/**
 * The accounts forms' input, checked on the server (and shared with the forms for their
 * limits). Form posts arrive as strings; missing fields become "" so every message is ours.
 */
const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((v) => (v === "" ? null : v));

/** Limits the forms show (maxLength) and the server enforces. */
export const EMAIL_MAX_LENGTH = 254;
export const FULL_NAME_MAX_LENGTH = 100;

export const emailField = z
  .string()
  .trim()
  .min(1, "Email is required")
  .max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters`)
  .pipe(z.email("Please enter a valid email address"))
  .transform((v) => v.toLowerCase());

/** Passwords are never trimmed: a space is as good a character as any. */
const passwordField = (label = "Password") =>
  z.string().min(1, `${label} is required`).max(PASSWORD_MAX_LENGTH, `${label} must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";

export const registerSchema = z
  .object({
    fullName: text("Full name", FULL_NAME_MAX_LENGTH),
    email: emailField,
    password: passwordField(),
    confirmPassword: z.string().min(1, "Please confirm your password"),
  })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DO_NOT_MATCH, path: ["confirmPassword"] });

export const loginSchema = z.object({
  email: emailField,
  password: passwordField(),
  remember: z.string().optional().transform((v) => v === "on" || v === "true" || v === "1"),
  redirectTo: z.string().optional(),
});

export const forgotPasswordSchema = z.object({ email: emailField });

export const resetPasswordSchema = z
  .object({
    password: passwordField("New password"),
    confirmPassword: z.string().min(1, "Please confirm your new password"),
  })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DO_NOT_MATCH, path: ["confirmPassword"] });

const UK_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}$/i;

/**
 * The profile form (spec §5): address line 2 and the county are optional (most UK addresses
 * need no county); everything else is required; the country comes
 * from the spec's eight. Email and role are not fields: they cannot be changed here.
 */
export const profileSchema = z
  .object({
    fullName: text("Full name", FULL_NAME_MAX_LENGTH),
    addressLine1: text("Address line 1", 200),
    addressLine2: optionalText("Address line 2", 200),
    city: text("City", 100),
    region: optionalText("County / State / Region", 100),
    postalCode: text("Postal code", 16),
    country: z.enum(PROFILE_COUNTRIES, { error: "Please choose a country from the list" }),
  })
  .superRefine((v, ctx) => {
    if (v.country === "United Kingdom" && !UK_POSTCODE.test(v.postalCode)) {
      ctx.addIssue({ code: "custom", path: ["postalCode"], message: "Please enter a valid UK postcode, e.g. SW1A 1AA" });
    }
  })
  .transform((v) => ({
    ...v,
    postalCode:
      v.country === "United Kingdom"
        ? v.postalCode.toUpperCase().replace(/\s+/g, "").replace(/^(.+)(\d[A-Z]{2})$/, "$1 $2")
        : v.postalCode,
  }));

export type ProfileInput = z.output<typeof profileSchema>;

export type FieldErrors = Partial<Record<string, string>>;

/** Reads the named fields of a form as strings ("" when absent), ignoring everything else. */
export function formFields<const K extends string>(form: FormData, names: readonly K[]): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const name of names) {
    const value = form.get(name);
    out[name] = typeof value === "string" ? value : "";
  }
  return out;
}

export type Validated<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/**
 * Parses form fields; on failure returns one message per field. "Passwords do not match" is
 * reported even when other fields are wrong too (zod skips object refinements then), so the
 * customer sees every problem at once.
 */
export function validateForm<S extends z.ZodType>(schema: S, values: Record<string, string>): Validated<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors = fieldErrors(result.error);
  if ("confirmPassword" in values && values.password && values.confirmPassword && values.password !== values.confirmPassword) {
    errors.confirmPassword ??= PASSWORDS_DO_NOT_MATCH;
  }
  return { ok: false, errors };
}

/** The first message per field, for showing next to each input. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * The wholesale application form's rules, shared by the browser (instant field messages) and
 * the server (the authority). No server imports here: the route component bundles this file.
 */
import { z } from "zod";

/** Kept in step with COMPANY_TYPES in ~/db/schema/wholesale (a unit test checks it). */
export const COMPANY_TYPE_VALUES = ["sole_trader", "limited_company", "partnership", "other"] as const;
export type CompanyType = (typeof COMPANY_TYPE_VALUES)[number];

/** Labels as the form offers them (spec §3): "partnership" is what an "Individual" is stored as. */
export const COMPANY_TYPE_OPTIONS: ReadonlyArray<{ value: CompanyType; label: string }> = [
  { value: "sole_trader", label: "Sole Trader" },
  { value: "limited_company", label: "Limited Company" },
  { value: "partnership", label: "Individual" },
  { value: "other", label: "Other (specify below)" },
];

/** Shorter labels for the admin table, where "(specify below)" means nothing. */
export function companyTypeLabel(value: string): string {
  switch (value) {
    case "sole_trader":
      return "Sole Trader";
    case "limited_company":
      return "Limited Company";
    case "partnership":
      return "Individual";
    case "other":
      return "Other";
    default:
      return value;
  }
}

/**
 * Length limits. The spec shows none; these are generous for real applicants and keep a bot
 * from storing megabytes. Companies House allows 160 characters for a company name.
 */
export const WHOLESALE_LIMITS = {
  email: 254,
  contact_name: 100,
  platform_username: 1000,
  contact_number: 30,
  billing_address: 500,
  delivery_address: 500,
  company_name: 160,
  additional_info: 2000,
} as const;

/** Every field the form posts, in the order it shows them. */
export const WHOLESALE_FIELDS = [
  "email",
  "contact_name",
  "platform_username",
  "contact_number",
  "billing_address",
  "delivery_address",
  "company_type",
  "company_name",
  "company_number",
  "additional_info",
] as const;
export type WholesaleField = (typeof WHOLESALE_FIELDS)[number];

/** What the form and the admin page say, on the server and in the browser alike. */
export const WHOLESALE_TEXT = {
  submitted: "Application submitted successfully! We will review your application and get back to you soon.",
  invalid: "Please correct the highlighted fields and try again.",
  rateLimited: "Too many applications have been sent from your network. Please try again later.",
  duplicate:
    "We already have a pending application for this email address from the last 24 hours. We will get back to you soon, so there is no need to apply again.",
  alreadyDecided: "This application has already been decided.",
  notFound: "Application not found.",
  approved: "Application approved. The applicant has been emailed that stock lists will follow.",
  rejected: "Application rejected. The applicant has been emailed.",
  resend: "Please send the form again.",
} as const;

/** Admin decision notes: a sentence or two, not an essay. */
export const DECISION_NOTE_MAX = 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Application ids are UUIDs; anything else is refused before it reaches a uuid cast. */
export function isApplicationId(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** The admin's decision on one application, as the details dialog posts it. */
export const decisionInputSchema = z.object({
  intent: z.literal("decide", { error: "Unknown action." }),
  id: z.string().refine(isApplicationId, WHOLESALE_TEXT.notFound),
  decision: z.enum(["approved", "rejected"], { error: "Please choose Approve or Reject." }),
  note: z
    .string()
    .trim()
    .max(DECISION_NOTE_MAX, `Please keep the note under ${DECISION_NOTE_MAX + 1} characters.`)
    .optional(),
});

/** The decision form's answer, about the application it names (null when the post named none). */
export type DecisionResult = { ok: true; id: string; message: string } | { ok: false; id: string | null; message: string };

/**
 * The hidden field people never see and bots fill in. Deliberately not a name like "website"
 * or "url" that browsers autofill: a genuine applicant's autofill must never trip it.
 */
export const HONEYPOT_FIELD = "leave_blank";

export const WHOLESALE_MESSAGES = {
  emailRequired: "Please enter your email address.",
  emailInvalid: "Please enter a valid email address.",
  contactNameRequired: "Please enter a contact name.",
  platformUsernameRequired: "Please enter your platform username(s).",
  contactNumberRequired: "Please enter a contact number.",
  contactNumberInvalid: "Please enter a valid contact number (digits, spaces, + and brackets only).",
  billingAddressRequired: "Please enter your billing address, including postcode.",
  companyTypeRequired: "Please choose a company type.",
  companyNameRequired: "Please enter your company name.",
  companyNumberRequired: "Please enter your company number.",
  companyNumberInvalid: "A UK company number is 8 characters, e.g. 01234567 or SC123456.",
} as const;

const tooLong = (max: number) => `Please keep this under ${max + 1} characters.`;

function requiredText(max: number, required: string) {
  return z.string().trim().min(1, required).max(max, tooLong(max));
}

function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, tooLong(max))
    .transform((v) => (v === "" ? null : v));
}

/** Digits with the usual separators; 7 to 15 digits covers UK and international numbers. */
const PHONE_CHARACTERS = /^\+?[0-9 ()\-.]+$/;
function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, "").length;
  return PHONE_CHARACTERS.test(value) && digits >= 7 && digits <= 15;
}

/** Companies House numbers: 8 digits, or a 2-character prefix (SC, NI, OC, R0 ...) and 6 digits. */
const UK_COMPANY_NUMBER = /^[A-Z0-9]{2}[0-9]{6}$/;
export function normaliseCompanyNumber(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

const baseSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, WHOLESALE_MESSAGES.emailRequired)
    .max(WHOLESALE_LIMITS.email, tooLong(WHOLESALE_LIMITS.email))
    .pipe(z.email(WHOLESALE_MESSAGES.emailInvalid)),
  contact_name: requiredText(WHOLESALE_LIMITS.contact_name, WHOLESALE_MESSAGES.contactNameRequired),
  platform_username: requiredText(WHOLESALE_LIMITS.platform_username, WHOLESALE_MESSAGES.platformUsernameRequired),
  contact_number: requiredText(WHOLESALE_LIMITS.contact_number, WHOLESALE_MESSAGES.contactNumberRequired).refine(
    isPhoneNumber,
    WHOLESALE_MESSAGES.contactNumberInvalid,
  ),
  billing_address: requiredText(WHOLESALE_LIMITS.billing_address, WHOLESALE_MESSAGES.billingAddressRequired),
  delivery_address: optionalText(WHOLESALE_LIMITS.delivery_address),
  company_type: z.enum(COMPANY_TYPE_VALUES, { error: WHOLESALE_MESSAGES.companyTypeRequired }),
  additional_info: optionalText(WHOLESALE_LIMITS.additional_info),
  subscribe_newsletter: z.boolean(),
});

/** What the form posted, as plain strings (FormData or a test's object). */
export type WholesaleFormValues = Partial<Record<WholesaleField | "subscribe_newsletter", string>>;

export interface WholesaleApplicationInput {
  email: string;
  contactName: string;
  platformUsername: string;
  contactNumber: string;
  billingAddress: string;
  deliveryAddress: string | null;
  companyType: CompanyType;
  /** Only for limited companies; null otherwise, whatever was typed. */
  companyName: string | null;
  companyNumber: string | null;
  additionalInfo: string | null;
  subscribeNewsletter: boolean;
}

export type FieldErrors = Partial<Record<WholesaleField, string>>;

export type ParseResult =
  | { success: true; data: WholesaleApplicationInput }
  | { success: false; fieldErrors: FieldErrors };

/** What the form's action answers: the outcome, and on a refusal what was typed, to show again. */
export type WholesaleFormResult =
  | { ok: true; message: string; submissionId: string }
  | { ok: false; error: string; fieldErrors: FieldErrors; values: WholesaleFormValues };

/** A string or "", with browser line breaks (CRLF) made plain, so lengths match what maxLength counted. */
function str(value: unknown): string {
  return typeof value === "string" ? value.replace(/\r\n?/g, "\n") : "";
}

/** Reads the posted fields as strings, so a missing field is "" and a file is ignored. */
export function formValues(form: FormData | Record<string, unknown>): WholesaleFormValues {
  const get = (name: string) => (form instanceof FormData ? form.get(name) : form[name]);
  const values: WholesaleFormValues = {};
  for (const field of [...WHOLESALE_FIELDS, "subscribe_newsletter"] as const) values[field] = str(get(field));
  return values;
}

/**
 * Validates one application. Every field is checked even when others fail, so the applicant
 * sees all problems at once; the limited-company fields are checked against the chosen type.
 */
export function parseWholesaleApplication(values: WholesaleFormValues): ParseResult {
  const fieldErrors: FieldErrors = {};
  const base = baseSchema.safeParse({
    email: str(values.email),
    contact_name: str(values.contact_name),
    platform_username: str(values.platform_username),
    contact_number: str(values.contact_number),
    billing_address: str(values.billing_address),
    delivery_address: str(values.delivery_address),
    company_type: str(values.company_type),
    additional_info: str(values.additional_info),
    // No visible control (spec §3); a posted "on"/"true" is honoured, anything else is false.
    subscribe_newsletter: ["on", "true", "1", "yes"].includes(str(values.subscribe_newsletter).toLowerCase()),
  });
  if (!base.success) {
    for (const issue of base.error.issues) {
      const field = issue.path[0] as WholesaleField | undefined;
      if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
    }
  }

  let companyName: string | null = null;
  let companyNumber: string | null = null;
  if (str(values.company_type) === "limited_company") {
    companyName = str(values.company_name).trim();
    if (!companyName) fieldErrors.company_name = WHOLESALE_MESSAGES.companyNameRequired;
    else if (companyName.length > WHOLESALE_LIMITS.company_name) fieldErrors.company_name = tooLong(WHOLESALE_LIMITS.company_name);
    companyNumber = normaliseCompanyNumber(str(values.company_number));
    if (!companyNumber) fieldErrors.company_number = WHOLESALE_MESSAGES.companyNumberRequired;
    else if (!UK_COMPANY_NUMBER.test(companyNumber)) fieldErrors.company_number = WHOLESALE_MESSAGES.companyNumberInvalid;
  }

  if (!base.success || Object.keys(fieldErrors).length > 0) return { success: false, fieldErrors };
  const d = base.data;
  return {
    success: true,
    data: {
      email: d.email,
      contactName: d.contact_name,
      platformUsername: d.platform_username,
      contactNumber: d.contact_number,
      billingAddress: d.billing_address,
      deliveryAddress: d.delivery_address,
      companyType: d.company_type,
      companyName,
      companyNumber,
      additionalInfo: d.additional_info,
      subscribeNewsletter: d.subscribe_newsletter,
    },
  };
}

/**
 * The back office's drop form (/admin/drops/new, /admin/drops/:id): its fields, how what the
 * admin typed becomes a drop (UK wall-clock times → instants), and every message. Plain (no
 * `.server`): the page renders these texts and puts typed values back after a refusal; the
 * action parses with the same function. The rules about when a drop may change are in
 * admin.server.ts.
 */
import { z } from "zod";
import { DROP_MODES, type DropMode } from "~/db/schema/drops";
import { parseShopDateTime, SKIPPED_TIME_TEXT, toShopDateTimeInput } from "~/utils/uk-date";

export { toShopDateTimeInput };

/** Typo guards, not business rules. */
export const DROP_LIMITS = {
  admitPerMinute: { min: 1, max: 10_000 },
  purchaseMinutes: { min: 1, max: 240 },
  unitsPerPerson: { min: 1, max: 100 },
  places: { min: 1, max: 100_000 },
} as const;

export const DROP_TEXT = {
  resend: "Please send the form again.",
  fix: "Please correct the fields marked below.",
  mode: "Choose a waiting room (queue) or a free prize draw.",
  date: "Enter a date and time (UK time), e.g. 2026-12-24 18:00.",
  startBeforeOpening: "The start must be at or after the opening.",
  startInPast: "The start is in the past. Choose a time that has not yet come.",
  whole: (min: number, max: number) => `Enter a whole number from ${min} to ${max}.`,
  places: `Enter a whole number from ${DROP_LIMITS.places.min} to ${DROP_LIMITS.places.max}, or leave it empty for stock ÷ units per person.`,
  notFound: "There is no such drop.",
  noProduct: "There is no such product. Open the drop from the product's page.",
  productHasDrop: "This product already has a drop: edit that one instead.",
  started: "The drop has started: its mode, times, admission rate, buying time and places can no longer change. Only the units per person can.",
  calledOff: "This drop has been called off and can no longer change.",
  modeHasEntries: "People have already joined under this mode, so it can no longer change.",
  alreadyCalledOff: "This drop was already called off.",
  created: "Drop created.",
  saved: "Drop saved.",
  unchanged: "Nothing changed: the drop was already like this.",
  calledOffDone: "Drop called off: the product now sells as usual, and nobody more is admitted or drawn.",
  confirmCallOff: "Tick the box to confirm you want to call the drop off. This cannot be undone.",
} as const;

export const DROP_FIELDS = ["mode", "opensAt", "startsAt", "admitPerMinute", "purchaseMinutes", "unitsPerPerson", "places"] as const;
export type DropField = (typeof DROP_FIELDS)[number];
export type DropFormValues = Partial<Record<DropField, string>>;
export type DropFieldErrors = Partial<Record<DropField, string>>;

export interface DropInput {
  mode: DropMode;
  opensAt: Date;
  startsAt: Date;
  admitPerMinute: number;
  purchaseMinutes: number;
  unitsPerPerson: number;
  places: number | null;
}

export type DropFormParse = { ok: true; input: DropInput; values: DropFormValues } | { ok: false; errors: DropFieldErrors; values: DropFormValues };

export interface DropFormRefusal {
  ok: false;
  message: string;
  errors: DropFieldErrors;
  values: DropFormValues;
}

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,7}$/)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/**
 * Reads the form. `now` is for "the start is in the past", which applies when the times are set
 * (creating, or editing before the start); `checkStartInFuture: false` skips it (an edit after
 * the start, where the times must stay as they are and admin.server.ts compares them).
 */
export function parseDropForm(get: (name: string) => string | undefined, now: Date, { checkStartInFuture = true } = {}): DropFormParse {
  const values: DropFormValues = {};
  for (const field of DROP_FIELDS) {
    const raw = get(field);
    if (raw !== undefined) values[field] = raw.slice(0, 100);
  }
  const errors: DropFieldErrors = {};

  const mode = z.enum(DROP_MODES).safeParse(values.mode);
  if (!mode.success) errors.mode = DROP_TEXT.mode;

  const time = (field: "opensAt" | "startsAt") => {
    const parsed = parseShopDateTime(values[field] ?? "");
    if (!parsed.ok) errors[field] = parsed.skipped ? SKIPPED_TIME_TEXT : DROP_TEXT.date;
    return parsed.ok ? parsed.at : null;
  };
  const opensAt = time("opensAt");
  const startsAt = time("startsAt");
  if (opensAt && startsAt && startsAt < opensAt) errors.startsAt = DROP_TEXT.startBeforeOpening;
  else if (startsAt && checkStartInFuture && startsAt <= now) errors.startsAt = DROP_TEXT.startInPast;

  const number = (field: "admitPerMinute" | "purchaseMinutes" | "unitsPerPerson") => {
    const { min, max } = DROP_LIMITS[field];
    const parsed = wholeNumber(min, max).safeParse(values[field] ?? "");
    if (!parsed.success) errors[field] = DROP_TEXT.whole(min, max);
    return parsed.success ? parsed.data : null;
  };
  const admitPerMinute = number("admitPerMinute");
  const purchaseMinutes = number("purchaseMinutes");
  const unitsPerPerson = number("unitsPerPerson");

  let places: number | null = null;
  // Places only mean something in a draw; a queue ignores whatever the field holds.
  if (mode.success && mode.data === "draw" && (values.places ?? "").trim() !== "") {
    const parsed = wholeNumber(DROP_LIMITS.places.min, DROP_LIMITS.places.max).safeParse(values.places);
    if (!parsed.success) errors.places = DROP_TEXT.places;
    else places = parsed.data;
  }

  if (Object.keys(errors).length > 0 || !mode.success || !opensAt || !startsAt || admitPerMinute === null || purchaseMinutes === null || unitsPerPerson === null) {
    return { ok: false, errors, values };
  }
  return { ok: true, input: { mode: mode.data, opensAt, startsAt, admitPerMinute, purchaseMinutes, unitsPerPerson, places }, values };
}

/** A drop as the form's typed values (for the edit page). */
export function dropFormValues(drop: DropInput): DropFormValues {
  return {
    mode: drop.mode,
    opensAt: toShopDateTimeInput(drop.opensAt),
    startsAt: toShopDateTimeInput(drop.startsAt),
    admitPerMinute: String(drop.admitPerMinute),
    purchaseMinutes: String(drop.purchaseMinutes),
    unitsPerPerson: String(drop.unitsPerPerson),
    places: drop.places === null ? "" : String(drop.places),
  };
}

/** Sensible first values for a new drop: opens in an hour, starts 15 minutes later. */
export function newDropValues(now: Date): DropFormValues {
  const opens = new Date(Math.ceil((now.getTime() + 60 * 60_000) / (15 * 60_000)) * 15 * 60_000);
  return dropFormValues({
    mode: "queue",
    opensAt: opens,
    startsAt: new Date(opens.getTime() + 15 * 60_000),
    admitPerMinute: 60,
    purchaseMinutes: 10,
    unitsPerPerson: 2,
    places: null,
  });
}

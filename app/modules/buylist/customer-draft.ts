/**
 * The customer's sell list before it is submitted (decision 0042): a short list of card,
 * printing, condition and quantity, kept in a cookie so it survives a reload and works without
 * JavaScript, and posted back as plain form fields when the customer edits it. Only ids and
 * codes travel: every name and price is looked up again on the server. Client-safe and pure.
 */
import { CONDITIONS, isCondition, isPrinting, PRINTINGS, type Condition, type Printing } from "~/modules/catalog/variants";
import { parseDbId } from "~/utils/db-id";

export interface DraftLine {
  cardId: number;
  printing: Printing;
  condition: Condition;
  quantity: number;
}

/** Lines a draft may hold (the cookie stays well under 4 KB); the shop's own limit on a submission is checked on submit. */
export const MAX_DRAFT_LINES = 200;
/** Copies on one line (the same as a submission's). */
export const MAX_DRAFT_QUANTITY = 100;

const PRINTING_CODES: Record<Printing, string> = { normal: "n", holo: "h", reverse_holo: "r", first_edition: "f" };
const PRINTING_BY_CODE = new Map(PRINTINGS.map((p) => [PRINTING_CODES[p], p]));
const CONDITION_BY_CODE = new Map(CONDITIONS.map((c) => [c, c]));

/**
 * "ya.h.nm.2_4ie.n.lp.1": card id and quantity in base 36, cookie-safe characters only; the
 * largest draft (200 lines of the largest ids) stays under the 4 KB a browser keeps per cookie.
 */
export function encodeDraft(lines: readonly DraftLine[]): string {
  return lines
    .slice(0, MAX_DRAFT_LINES)
    .map((l) => `${l.cardId.toString(36)}.${PRINTING_CODES[l.printing]}.${l.condition}.${l.quantity.toString(36)}`)
    .join("_");
}

/** A base-36 number as written by encodeDraft, or null. */
function base36(text: string): number | null {
  return /^[0-9a-z]{1,7}$/.test(text) ? parseInt(text, 36) : null;
}

/** The lines of an encoded draft; anything malformed is dropped, never guessed. */
export function decodeDraft(text: string | null | undefined): DraftLine[] {
  if (!text) return [];
  const lines: DraftLine[] = [];
  for (const part of text.split("_").slice(0, MAX_DRAFT_LINES)) {
    const [id, p, c, q, extra] = part.split(".");
    const idNumber = base36(id ?? "");
    const cardId = idNumber === null ? null : parseDbId(String(idNumber));
    const printing = PRINTING_BY_CODE.get(p ?? "");
    const condition = CONDITION_BY_CODE.get((c ?? "") as Condition);
    const quantityNumber = base36(q ?? "");
    const quantity = quantityNumber === null ? null : parseQuantity(String(quantityNumber));
    if (extra !== undefined || cardId === null || !printing || !condition || quantity === null) continue;
    lines.push({ cardId, printing, condition, quantity });
  }
  return mergeDraft([], lines);
}

/** A typed quantity, 1 to MAX_DRAFT_QUANTITY; null otherwise. */
export function parseQuantity(text: string): number | null {
  if (!/^\s*\d{1,4}\s*$/.test(text)) return null;
  const n = Number(text.trim());
  return n >= 1 && n <= MAX_DRAFT_QUANTITY ? n : null;
}

const sameKind = (a: DraftLine, b: DraftLine) => a.cardId === b.cardId && a.printing === b.printing && a.condition === b.condition;

/** Adds lines to a draft: a card already on it in the same printing and condition gets the copies added (up to the line maximum). */
export function mergeDraft(draft: readonly DraftLine[], added: readonly DraftLine[]): DraftLine[] {
  const out = draft.map((l) => ({ ...l }));
  for (const line of added) {
    const existing = out.find((l) => sameKind(l, line));
    if (existing) existing.quantity = Math.min(MAX_DRAFT_QUANTITY, existing.quantity + line.quantity);
    else if (out.length < MAX_DRAFT_LINES) out.push({ ...line });
  }
  return out;
}

/** Whether adding the line keeps the draft within MAX_DRAFT_LINES (a card already on it in the same printing and condition always fits). */
export function draftHasRoomFor(draft: readonly DraftLine[], line: DraftLine): boolean {
  return draft.length < MAX_DRAFT_LINES || draft.some((l) => sameKind(l, line));
}

/** One posted line as typed, for re-showing it when it is refused. */
export interface PostedLine {
  cardId: string;
  printing: string;
  condition: string;
  quantity: string;
}

export type ListFormResult =
  | { ok: true; lines: DraftLine[] }
  | { ok: false; posted: PostedLine[]; errors: Record<number, string> };

export const DRAFT_MESSAGES = {
  quantity: `Enter how many copies, from 1 to ${MAX_DRAFT_QUANTITY}.`,
  line: "This line could not be read: remove it and add the card again.",
  tooMany: `A sell list can hold at most ${MAX_DRAFT_LINES} lines.`,
} as const;

const one = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, 40) : "";
};

/**
 * The list as posted by the builder's form (`line-<i>-card`, `-printing`, `-condition`,
 * `-quantity`, i from 0 to `lines` − 1), less the line whose "Remove" was pressed. Each line is
 * checked on its own and every problem reported against its line, with what was typed.
 */
export function parseListForm(form: FormData): ListFormResult {
  const count = Math.min(Number(one(form, "lines")) || 0, MAX_DRAFT_LINES);
  const removed = one(form, "remove");
  const posted: PostedLine[] = [];
  for (let i = 0; i < count; i++) {
    if (removed !== "" && String(i) === removed) continue;
    posted.push({ cardId: one(form, `line-${i}-card`), printing: one(form, `line-${i}-printing`), condition: one(form, `line-${i}-condition`), quantity: one(form, `line-${i}-quantity`) });
  }
  const errors: Record<number, string> = {};
  const lines: DraftLine[] = [];
  posted.forEach((p, index) => {
    const cardId = parseDbId(p.cardId);
    const quantity = parseQuantity(p.quantity);
    if (cardId === null || !isPrinting(p.printing) || !isCondition(p.condition)) errors[index] = DRAFT_MESSAGES.line;
    else if (quantity === null) errors[index] = DRAFT_MESSAGES.quantity;
    else lines.push({ cardId, printing: p.printing, condition: p.condition, quantity });
  });
  if (Object.keys(errors).length > 0) return { ok: false, posted, errors };
  // Two lines edited into the same card, printing and condition become one.
  return { ok: true, lines: mergeDraft([], lines) };
}

export type AddFormResult = { ok: true; line: DraftLine } | { ok: false; message: string; cardId: number | null };

/** The "Add to list" form of one search result: card, printing, condition, quantity. */
export function parseAddForm(form: FormData): AddFormResult {
  const cardId = parseDbId(one(form, "cardId"));
  const printing = one(form, "printing");
  const condition = one(form, "condition");
  const quantity = parseQuantity(one(form, "quantity"));
  if (cardId === null || !isPrinting(printing) || !isCondition(condition)) return { ok: false, message: "Please choose the card's printing and condition.", cardId };
  if (quantity === null) return { ok: false, message: DRAFT_MESSAGES.quantity, cardId };
  return { ok: true, line: { cardId, printing, condition, quantity } };
}

export const MAX_NOTE_LENGTH = 2000;

/** The submit step's own fields, as typed (re-shown when anything is refused). */
export interface SubmitValues {
  payout: string;
  note: string;
}

export function submitValuesOf(form: FormData): SubmitValues {
  const note = form.get("note");
  return { payout: one(form, "payout"), note: typeof note === "string" ? note.slice(0, MAX_NOTE_LENGTH + 100) : "" };
}

/**
 * The audit screen's filters and how an entry's details read (client-safe: the page renders
 * these; the loader parses with the same schema). Queries are in ./audit-list.server.ts.
 */
import { z } from "zod";

export const AUDIT_PAGE_SIZE = 50;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day typed in a date field: real (no 31 February), and within reason. */
const day = (label: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === "" || (DAY.test(v) && isRealDay(v)), `Enter the ${label} date as a date, e.g. 2026-06-01.`)
    .transform((v) => v || null);

function isRealDay(value: string): boolean {
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  if (y < 2000 || y > 2999) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const text = (max: number, message: string) => z.string().trim().max(max, message).transform((v) => v || null);

/** `?actor=&action=&entityType=&entityId=&from=&to=`; every field optional. */
export const auditFilterSchema = z
  .object({
    actor: text(254, "An email address is at most 254 characters.").refine((v) => v === null || /^[^\s@]+@[^\s@]+$/.test(v), "Enter the admin's email address, e.g. owner@example.com."),
    action: text(100, "An action is at most 100 characters."),
    entityType: text(50, "A type is at most 50 characters."),
    entityId: text(100, "An id is at most 100 characters."),
    from: day("first"),
    to: day("last"),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: "The first date must be on or before the last date.", path: ["to"] });

export type AuditFilter = z.output<typeof auditFilterSchema>;
export type AuditFilterInput = Record<keyof AuditFilter, string>;
export const AUDIT_FILTER_FIELDS = ["actor", "action", "entityType", "entityId", "from", "to"] as const satisfies readonly (keyof AuditFilter)[];

/**
 * The filter from a query string: the parsed filter, or the field errors, with what was typed
 * either way (so the form shows it again). A repeated field counts once (the first).
 */
export function parseAuditFilter(params: URLSearchParams):
  | { ok: true; filter: AuditFilter; input: AuditFilterInput }
  | { ok: false; errors: Partial<Record<keyof AuditFilter, string>>; input: AuditFilterInput } {
  const input = Object.fromEntries(AUDIT_FILTER_FIELDS.map((f) => [f, (params.get(f) ?? "").slice(0, 300)])) as AuditFilterInput;
  const parsed = auditFilterSchema.safeParse(input);
  if (parsed.success) return { ok: true, filter: { ...parsed.data, actor: parsed.data.actor?.toLowerCase() ?? null }, input };
  const errors: Partial<Record<keyof AuditFilter, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof AuditFilter;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors, input };
}

/** One audit entry as the screen shows it. */
export interface AuditEntryView {
  id: number;
  createdAt: Date;
  action: string;
  entityType: string;
  entityId: string;
  /** Null: the shop itself (a job, or ADMIN_EMAILS at start); or the account is gone. */
  actorEmail: string | null;
  actorName: string | null;
  actorId: string | null;
  details: unknown;
}

export interface AuditPage {
  entries: AuditEntryView[];
  page: number;
  hasNextPage: boolean;
}

export interface DetailChange {
  field: string;
  before: string;
  after: string;
}

/**
 * How an entry's details read: before → after for each field that has both (`before`/`after`
 * objects, or a `previousX` next to its `x`), then the other facts as they are.
 */
export function describeDetails(details: unknown): { changes: DetailChange[]; facts: [string, string][] } {
  if (details === null || typeof details !== "object" || Array.isArray(details)) {
    return { changes: [], facts: details === null || details === undefined ? [] : [["details", show(details)]] };
  }
  const record = { ...(details as Record<string, unknown>) };
  const changes: DetailChange[] = [];
  const before = plainObject(record.before);
  const after = plainObject(record.after);
  if (before || after) {
    delete record.before;
    delete record.after;
    const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
    for (const field of fields) changes.push({ field, before: show(before?.[field]), after: show(after?.[field]) });
  }
  for (const key of Object.keys(record)) {
    const match = /^previous([A-Z].*)$/.exec(key);
    if (!match) continue;
    const field = match[1]!.charAt(0).toLowerCase() + match[1]!.slice(1);
    if (!(field in record)) continue;
    changes.push({ field, before: show(record[key]), after: show(record[field]) });
    delete record[key];
    delete record[field];
  }
  return { changes, facts: Object.entries(record).map(([k, v]) => [k, show(v)]) };
}

function plainObject(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** A value as text: "—" for nothing, JSON for anything that is not a plain scalar. */
function show(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/**
 * Reading a Cardmarket price-guide file (the public `price_guide_6.json` of Pokémon, game 6):
 *
 *   { "version": 1, "createdAt": "2025-11-03T02:45:12+0100",
 *     "priceGuides": [ { "idProduct": 273699, "idCategory": 51, "avg": 312.5, "low": 250,
 *                        "trend": 318.04, "avg1": 300, "avg7": 305.1, "avg30": 310.9,
 *                        "avg-holo": null, "low-holo": null, "trend-holo": null, … } ] }
 *
 * Figures are euros as decimals (null or absent where there is none). The file is checked as a
 * whole (its date and list), then row by row: a bad row is reported and left out, never fatal.
 * Pure: the import (import.server.ts) reads the file and writes what this returns.
 */
import { z } from "zod";
import type { MarketFigures } from "./pricing-rules";
import { MAX_INT4 } from "~/utils/db-id";

export const CARDMARKET_SOURCE = "cardmarket";

/** A figure above this (€10 million) is not a card price but a typo or a broken file. */
const MAX_EUROS = 10_000_000;

/**
 * A euro amount as whole cents, rounded half up on the decimal the file wrote (not on the float
 * it parses to: 1.005 is the float 1.00499…, which × 100 would round to 100 instead of 101).
 */
export function eurosToCents(euros: number): number {
  const text = euros.toFixed(10); // never exponent notation below 1e21; enough places to round on
  const [whole, fraction = ""] = text.split(".");
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, "0"));
  return fraction.charCodeAt(2) >= 53 /* "5" */ ? cents + 1 : cents;
}

const euros = z
  .number({ error: "must be a number of euros" })
  .min(0, "must not be negative")
  .max(MAX_EUROS, `must be at most €${MAX_EUROS.toLocaleString("en-GB")}`)
  .nullish()
  .transform((value) => (value === null || value === undefined ? null : eurosToCents(value)));

/** One row of `priceGuides`. Unknown extra fields are allowed (Cardmarket adds some now and then). */
export const priceGuideRowSchema = z.looseObject({
  idProduct: z.number({ error: "must be a whole number" }).int("must be a whole number").positive("must be positive").max(MAX_INT4, "is too large"),
  idCategory: z.number().int().nullish(),
  avg: euros,
  low: euros,
  trend: euros,
  avg1: euros,
  avg7: euros,
  avg30: euros,
  "avg-holo": euros,
  "low-holo": euros,
  "trend-holo": euros,
  "avg1-holo": euros,
  "avg7-holo": euros,
  "avg30-holo": euros,
});

export interface PriceGuideRow extends MarketFigures {
  cardmarketProductId: number;
}

export interface RowProblem {
  /** The row's position in `priceGuides`, from 0. */
  index: number;
  /** Its idProduct when one could be read. */
  idProduct: number | null;
  reason: string;
}

export type ParsedGuide =
  | { ok: true; publishedAt: Date; rowCount: number; rows: PriceGuideRow[]; problems: RowProblem[] }
  | { ok: false; reason: string };

/**
 * Cardmarket writes offsets without a colon ("+0100"), which ISO 8601 allows and JavaScript's
 * Date parsing does not promise to: accept both, plus "Z", and require an offset (a time
 * without one would be read in the server's zone).
 */
const CREATED_AT = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})$/;

export function parseCreatedAt(value: unknown): Date | null {
  if (typeof value !== "string") return null;
  const match = CREATED_AT.exec(value.trim());
  if (!match) return null;
  const offset = match[3] === "Z" ? "Z" : `${match[3]!.slice(0, 3)}:${match[3]!.slice(-2)}`;
  const date = new Date(`${match[1]}T${match[2]}${offset}`);
  return Number.isNaN(date.getTime()) ? null : date;
}

const fileSchema = z.looseObject({
  createdAt: z.unknown(),
  priceGuides: z.array(z.unknown(), { error: 'has no "priceGuides" list' }),
});

function rowProblem(index: number, raw: unknown, error: z.ZodError): RowProblem {
  const id = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>).idProduct : undefined;
  const issue = error.issues[0]!;
  const field = issue.path.length > 0 ? `${issue.path.join(".")} ` : "";
  return {
    index,
    idProduct: typeof id === "number" && Number.isSafeInteger(id) ? id : null,
    reason: typeof raw !== "object" || raw === null || Array.isArray(raw) ? "is not an object" : `${field}${issue.message}`.trim(),
  };
}

/** Checks a parsed price-guide document: its date and list as a whole, then each row. */
export function parsePriceGuide(json: unknown): ParsedGuide {
  const file = fileSchema.safeParse(json);
  if (!file.success) {
    return { ok: false, reason: typeof json === "object" && json !== null && !Array.isArray(json) ? file.error.issues[0]!.message : "is not a price-guide object" };
  }
  const publishedAt = parseCreatedAt(file.data.createdAt);
  if (!publishedAt) return { ok: false, reason: 'has no valid "createdAt" date with a time zone (e.g. "2025-11-03T02:45:12+0100")' };

  const rows: PriceGuideRow[] = [];
  const problems: RowProblem[] = [];
  const seen = new Set<number>();
  file.data.priceGuides.forEach((raw, index) => {
    const parsed = priceGuideRowSchema.safeParse(raw);
    if (!parsed.success) {
      problems.push(rowProblem(index, raw, parsed.error));
      return;
    }
    const r = parsed.data;
    if (seen.has(r.idProduct)) {
      problems.push({ index, idProduct: r.idProduct, reason: "repeats an idProduct already in the file (the first row was kept)" });
      return;
    }
    seen.add(r.idProduct);
    rows.push({
      cardmarketProductId: r.idProduct,
      avg: r.avg,
      low: r.low,
      trend: r.trend,
      avg1: r.avg1,
      avg7: r.avg7,
      avg30: r.avg30,
      avgHolo: r["avg-holo"],
      lowHolo: r["low-holo"],
      trendHolo: r["trend-holo"],
      avg1Holo: r["avg1-holo"],
      avg7Holo: r["avg7-holo"],
      avg30Holo: r["avg30-holo"],
    });
  });
  return { ok: true, publishedAt, rowCount: file.data.priceGuides.length, rows, problems };
}

/** "row 12 (idProduct 273699): avg must not be negative". */
export function rowProblemLine(problem: RowProblem): string {
  return `row ${problem.index + 1}${problem.idProduct === null ? "" : ` (idProduct ${problem.idProduct})`}: ${problem.reason}`;
}

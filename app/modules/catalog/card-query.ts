/**
 * Reading card numbers and sets out of a search ("charizard 4/102", "sv3pt5 199", "151 mew",
 * "4/102", "base1 4", "TG01"). Pure, no database: `parseCardQuery` splits the text into tokens,
 * the search module asks the database which tokens name a set (`setCodes`, `setPhrases`), and
 * `cardReadings` lists the ways the query can be read as a card, each with a score. Decision
 * 0031 explains the readings and how they rank against ordinary text matches.
 */
import { numberSortKey } from "~/modules/cards/tcgdex";
import { wordTokens } from "./search-query";

/** A query longer than this is prose, not a card: searched as text only. */
const MAX_TOKENS = 8;
/** Set names are matched as runs of up to this many words ("scarlet violet 151"). */
const MAX_SET_NAME_WORDS = 5;
/** Readings tried per query, best first (each is one OR branch of one query). */
const MAX_READINGS = 8;

/** A printed card number: "4", "004", "TG01", "SV107", "SWSH050", "20a". */
const NUMBER = /^([A-Za-z]{0,6})(\d{1,8})([A-Za-z]{0,3})$/;

export interface CardNumber {
  /** As typed, upper-cased ("TG01", "004"). */
  text: string;
  /** `cards.number_sort` of this number (numberSortKey), so "004" and "4" are the same card. */
  key: string;
  /**
   * Spellings `cards.local_number` may have for this number ("4", "04", "004", "0004"), so the
   * lookup can use the local-number index; the key then decides.
   */
  spellings: string[];
  /** Has a letter prefix (TG01, SV107): distinctive enough to search on its own. */
  prefixed: boolean;
}

/** The card number a token spells, or null. */
export function cardNumber(text: string): CardNumber | null {
  const match = NUMBER.exec(text);
  if (!match) return null;
  const [, prefix = "", digits = "", suffix = ""] = match;
  const stripped = digits.replace(/^0+(?=\d)/, "");
  const spellings = new Set<string>();
  for (let width = stripped.length; width <= Math.max(4, digits.length); width++) {
    const padded = stripped.padStart(width, "0");
    spellings.add(`${prefix.toUpperCase()}${padded}${suffix.toUpperCase()}`);
    spellings.add(`${prefix.toLowerCase()}${padded}${suffix.toLowerCase()}`);
  }
  return { text: text.toUpperCase(), key: numberSortKey(text), spellings: [...spellings], prefixed: prefix !== "" };
}

export interface QueryToken {
  /** As typed. */
  raw: string;
  /** Lower-case with outer punctuation trimmed: compared with set codes and aliases ("sv03.5"). */
  code: string;
  /** Folded letter and digit runs: name words ("chien-pao" → chien, pao). */
  words: string[];
  /** The card number this token can be. */
  number: CardNumber | null;
  /** "4/102" → 102: the set's official card count. */
  total: number | null;
  /** "4/102" or "#4": only ever a card number, never a name word or a set. */
  numberOnly: boolean;
}

export interface CardQuery {
  tokens: QueryToken[];
  /** Tokens to compare with `card_sets.code` and `aliases` (lower-case). */
  setCodes: string[];
  /** Runs of words to compare with set names (`setNameKey`). */
  setPhrases: string[];
}

function parseToken(raw: string): QueryToken | null {
  // Outer punctuation is not part of a code or number ("base1," "(4/102)"); a leading # is.
  const trimmed = raw.replace(/^[^\p{L}\p{N}#]+|[^\p{L}\p{N}]+$/gu, "");
  const slash = /^#?([A-Za-z]{0,6}\d{1,8}[A-Za-z]{0,3})\/([A-Za-z]{0,6})(\d{1,8})$/.exec(trimmed);
  if (slash) {
    const number = cardNumber(slash[1]!);
    // "TG01/TG30": the part after the slash counts the subset, not the set: no total.
    const total = slash[2] === "" ? Number(slash[3]) : null;
    return { raw, code: trimmed.toLowerCase(), words: [], number, total, numberOnly: true };
  }
  const hash = /^#([A-Za-z]{0,6}\d{1,8}[A-Za-z]{0,3})$/.exec(trimmed);
  if (hash) return { raw, code: trimmed.toLowerCase(), words: [], number: cardNumber(hash[1]!), total: null, numberOnly: true };
  const words = wordTokens(trimmed);
  const number = cardNumber(trimmed);
  if (words.length === 0 && !number) return null;
  return { raw, code: trimmed.toLowerCase(), words, number, total: null, numberOnly: false };
}

/**
 * Web-search syntax (quotes, `or`, `-word`) means the visitor is using the text search's own
 * language: such a query is left to it.
 */
function usesSearchSyntax(query: string): boolean {
  return query.includes('"') || /(^|\s)-[\p{L}\p{N}]/u.test(query) || /(^|\s)or(\s|$)/i.test(query);
}

/** The tokens of a (normalised) query, or null when it cannot be a card query. */
export function parseCardQuery(query: string): CardQuery | null {
  if (!query || usesSearchSyntax(query)) return null;
  const raws = query.split(/\s+/).filter((t) => t !== "");
  if (raws.length > MAX_TOKENS) return null;
  const tokens = raws.map(parseToken).filter((t): t is QueryToken => t !== null);
  if (tokens.length === 0) return null;
  const setCodes = [...new Set(tokens.filter((t) => !t.numberOnly && t.code !== "").map((t) => t.code))];
  const setPhrases = new Set<string>();
  for (const [start, end] of spans(tokens)) setPhrases.add(phrase(tokens, start, end));
  return { tokens, setCodes, setPhrases: [...setPhrases] };
}

/** Every run of tokens that could be a set's name: up to MAX_SET_NAME_WORDS, no numbers-only token. */
function spans(tokens: QueryToken[]): Array<[number, number]> {
  const result: Array<[number, number]> = [];
  for (let start = 0; start < tokens.length; start++) {
    for (let end = start + 1; end <= Math.min(tokens.length, start + MAX_SET_NAME_WORDS); end++) {
      if (tokens[end - 1]!.numberOnly) break;
      result.push([start, end]);
    }
  }
  return result;
}

function phrase(tokens: QueryToken[], start: number, end: number): string {
  return tokens
    .slice(start, end)
    .flatMap((t) => t.words)
    .join(" ");
}

/** A set's name as compared with what was typed: "Scarlet & Violet—151" → "scarlet violet 151". */
export function setNameKey(name: string): string {
  return wordTokens(name).join(" ");
}

/** What the search needs to know about a set to read a query. */
export interface CardSetRef {
  id: number;
  code: string;
  name: string;
  aliases: readonly string[];
}

/** A run of the query's tokens that names one or more sets. */
export interface SetSpan {
  start: number;
  /** Exclusive. */
  end: number;
  setIds: number[];
  /**
   * Named by its full name, or by a code with a digit in it ("sv3pt5", "base1", "151"). A bare
   * word alias ("mew" for 151) is not: "mew" alone is a search for Mew, not for the whole set.
   */
  distinctive: boolean;
}

/** Which runs of the query name a set, given the sets the database found for its codes and phrases. */
export function setSpans(query: CardQuery, sets: readonly CardSetRef[]): SetSpan[] {
  const keyed = sets.map((s) => ({ ...s, codeKey: s.code.toLowerCase(), nameKey: setNameKey(s.name), aliasKeys: s.aliases.map((a) => a.toLowerCase()) }));
  const result: SetSpan[] = [];
  for (const [start, end] of spans(query.tokens)) {
    const ids = new Set<number>();
    let distinctive = false;
    const text = phrase(query.tokens, start, end);
    for (const set of keyed) {
      if (end - start === 1) {
        const code = query.tokens[start]!.code;
        if (set.codeKey === code || set.aliasKeys.includes(code)) {
          ids.add(set.id);
          if (/\d/.test(code)) distinctive = true;
        }
      }
      if (text !== "" && set.nameKey === text) {
        ids.add(set.id);
        distinctive = true;
      }
    }
    if (ids.size > 0) result.push({ start, end, setIds: [...ids].sort((a, b) => a - b), distinctive });
  }
  return result;
}

/** One way to read the query as a card: every part must hold for a card to match. */
export interface CardReading {
  /** The card is in one of these sets. */
  setIds: number[] | null;
  /** The card has this number. */
  number: CardNumber | null;
  /** The card's set has this official card count ("4/102"). */
  total: number | null;
  /** Every word is the start of a word of the card's name. */
  words: string[];
  /** Number 4, set 2, count 2, name 1: a card that accounts for more of the query ranks higher. */
  score: number;
  /** Number and set (or count) both given: the query names one printed card. */
  exact: boolean;
}

/**
 * The readings of a query, best first. Each token is used once: as (part of) a set name, as the
 * card number, or as a name word. A reading needs a set or a number; a bare plain number needs
 * a name word or a count with it ("4" alone is left to the text search), and a set alone must
 * be named distinctively (SetSpan.distinctive).
 */
export function cardReadings(query: CardQuery, sets: readonly SetSpan[]): CardReading[] {
  const readings = new Map<string, CardReading>();
  const setChoices: Array<SetSpan | null> = [null, ...sets];
  for (const set of setChoices) {
    const free = query.tokens.map((_, i) => i).filter((i) => !set || i < set.start || i >= set.end);
    const numberChoices: Array<number | null> = [null, ...free.filter((i) => query.tokens[i]!.number !== null)];
    for (const numberAt of numberChoices) {
      const rest = free.filter((i) => i !== numberAt).map((i) => query.tokens[i]!);
      if (rest.some((t) => t.numberOnly)) continue;
      const token = numberAt === null ? null : query.tokens[numberAt]!;
      const number = token?.number ?? null;
      const total = token?.total ?? null;
      const words = rest.flatMap((t) => t.words).slice(0, MAX_TOKENS);
      if (!set && !number) continue;
      if (!set && number && total === null && words.length === 0 && !number.prefixed) continue;
      if (set && !number && words.length === 0 && !set.distinctive) continue;
      const reading: CardReading = {
        setIds: set ? set.setIds : null,
        number,
        total,
        words,
        score: (number ? 4 : 0) + (set ? 2 : 0) + (total !== null ? 2 : 0) + (words.length > 0 ? 1 : 0),
        exact: number !== null && (set !== null || total !== null),
      };
      const key = JSON.stringify([reading.setIds, number?.key ?? null, total, words]);
      if (!readings.has(key)) readings.set(key, reading);
    }
  }
  return [...readings.values()].sort((a, b) => b.score - a.score).slice(0, MAX_READINGS);
}

/** A `to_tsquery('simple', …)` text requiring every word as a prefix ("char:* & ex:*"); letters and digits only. */
export function namePrefixQuery(words: readonly string[]): string | null {
  const safe = words.filter((w) => /^[\p{L}\p{M}\p{N}]+$/u.test(w));
  if (safe.length === 0) return null;
  // Single letters match whole words only: "x:*" would match half the card names.
  return safe.map((w) => (w.length >= 2 ? `${w}:*` : w)).join(" & ");
}

/**
 * Turning what a visitor typed into something PostgreSQL full-text search can take. Pure
 * functions, no database: the raw text goes to `websearch_to_tsquery` as a bound parameter (it
 * accepts any text), and the prefix query is built here from letters and digits only, so no
 * input can produce a tsquery syntax error or reach SQL as code.
 */

import { SEARCH_FOLD_FROM, SEARCH_FOLD_TO } from "~/db/schema/search-fold";
import { MAX_SEARCH_QUERY_LENGTH } from "./paging";

export { MAX_SEARCH_QUERY_LENGTH };
/** Words beyond this are ignored by the prefix query (the web-search query still sees them). */
const MAX_PREFIX_WORDS = 12;
/** Single letters are matched whole: "a:*" would match half the catalogue's words. */
const MIN_PREFIX_LENGTH = 2;

/**
 * Trims, removes control characters (PostgreSQL rejects NUL in text), collapses whitespace and
 * cuts to MAX_SEARCH_QUERY_LENGTH characters without splitting a surrogate pair.
 */
export function normaliseSearchQuery(raw: unknown): string {
  if (typeof raw !== "string") return "";
  const cleaned = raw
    .slice(0, MAX_SEARCH_QUERY_LENGTH * 4)
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, " ")
    // Lone surrogates would become U+FFFD on the way to the database anyway.
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return Array.from(cleaned).slice(0, MAX_SEARCH_QUERY_LENGTH).join("").trim();
}

/**
 * The text handed to `websearch_to_tsquery`. That function accepts any text except one thing: a
 * run of more than 32 negations with no word between them ("- - - … x", "-! -! …") overflows
 * its operator stack and raises an error. A "-" only means "not" in front of a word or a quoted
 * phrase, so every other "-" becomes a space; what the query means is unchanged.
 */
export function webSearchText(query: string): string {
  return query.replace(/-(?![\p{L}\p{M}\p{N}"])/gu, " ");
}

/**
 * A last-resort form of the query with no syntax at all (words separated by spaces), used if
 * PostgreSQL still refuses the web-search text: the visitor gets results, never an error.
 */
export function plainSearchText(query: string): string {
  return wordTokens(query).join(" ");
}

const FOLD = new Map(Array.from(SEARCH_FOLD_FROM).map((ch, i) => [ch, Array.from(SEARCH_FOLD_TO)[i]!]));

/**
 * Lower case with accented Latin letters folded ("Pokémon" → "pokemon"), exactly as the prefix
 * search column stores words. Other scripts are left alone (decomposing Japanese kana would
 * change the word).
 */
export function foldWord(word: string): string {
  return Array.from(word.normalize("NFC"), (ch) => FOLD.get(ch) ?? ch).join("").toLowerCase();
}

/** The runs of letters (with their combining marks) and digits of a piece of text, folded. "Chien-Pao!" → ["chien", "pao"]. */
export function wordTokens(text: string): string[] {
  return foldWord(text).match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
}

export interface PrefixQuery {
  /** A `to_tsquery('simple', …)` string: alternatives (|) of words that must all match (&), as prefixes. */
  query: string;
  /** A `to_tsquery('english', …)` string of excluded words ("-box"), or null. */
  excluded: string | null;
}

function term(token: string): string {
  return token.length >= MIN_PREFIX_LENGTH ? `${token}:*` : token;
}

/**
 * The prefix counterpart of a web-search query, following the same syntax: words are all
 * required, `or` between words gives alternatives, `-word` excludes, and a quoted phrase keeps
 * its words in order. Null when the query has no words (only punctuation or operators).
 */
export function buildPrefixQuery(query: string): PrefixQuery | null {
  const groups: string[][] = [[]];
  const excluded: string[] = [];
  let words = 0;
  // A chunk is a quoted phrase (an unclosed quote runs to the end) or a run of non-spaces.
  const chunks = query.match(/-?"[^"]*"?|[^\s"]+/g) ?? [];
  for (const chunk of chunks) {
    const negated = chunk.startsWith("-");
    const body = negated ? chunk.slice(1) : chunk;
    const quoted = body.startsWith('"');
    if (!quoted && !negated && body.toLowerCase() === "or") {
      if (groups[groups.length - 1]!.length > 0) groups.push([]);
      continue;
    }
    const tokens = wordTokens(body);
    if (tokens.length === 0) continue;
    if (negated) {
      excluded.push(...tokens);
      continue;
    }
    if (words >= MAX_PREFIX_WORDS) continue;
    const taken = tokens.slice(0, MAX_PREFIX_WORDS - words);
    words += taken.length;
    // Words of a phrase, or parts of one word ("chien-pao"), must stand next to each other.
    const joined = taken.map(term).join(" <-> ");
    groups[groups.length - 1]!.push(taken.length > 1 ? `(${joined})` : joined);
  }
  const alternatives = groups.filter((g) => g.length > 0).map((g) => (g.length > 1 ? `(${g.join(" & ")})` : g[0]!));
  if (alternatives.length === 0) return null;
  return {
    query: alternatives.join(" | "),
    excluded: excluded.length > 0 ? excluded.slice(0, MAX_PREFIX_WORDS).join(" | ") : null,
  };
}

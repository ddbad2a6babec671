/**
 * Text typed by a user, made into a LIKE/ILIKE pattern that matches it literally: `\`, `%` and `_`
 * are escaped with a backslash, PostgreSQL's default LIKE escape character. Use the pattern as a
 * bound parameter with no ESCAPE clause (or `ESCAPE '\'`).
 */

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%text%`: values containing `text` anywhere. */
export function likeContains(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** `text%`: values starting with `text`. */
export function likePrefix(text: string): string {
  return `${escapeLike(text)}%`;
}

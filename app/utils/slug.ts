/**
 * URL slugs: lower-case ASCII letters and digits in words joined by single hyphens
 * ("scarlet-and-violet-151-booster-bundle"). One home for the rule: product, language and
 * category slugs, the demo catalogue and singles all make and check slugs here.
 */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Longest slug the shop makes or accepts: long enough for any product name, short enough for a URL. */
export const MAX_SLUG_LENGTH = 120;

export function isSlug(text: string): boolean {
  return text.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(text);
}

/**
 * Kebab-case slug of a name: accents folded, "&" read as "and", anything else but letters and
 * digits becomes one "-", cut to MAX_SLUG_LENGTH at a word break where possible. "" when the
 * name has no letter or digit (the caller picks a fallback or reports it).
 */
export function slugify(name: string, maxLength = MAX_SLUG_LENGTH): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (slug.length <= maxLength) return slug;
  const cut = slug.slice(0, maxLength);
  const lastBreak = cut.lastIndexOf("-");
  return (lastBreak > maxLength / 2 ? cut.slice(0, lastBreak) : cut).replace(/-+$/g, "");
}

/**
 * The first free slug of `base`, `base-2`, `base-3`, … given the slugs already taken; a base that
 * already ends in "-<n>" counts on from there ("box-2" → "box-3"). Kept within MAX_SLUG_LENGTH.
 */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  const numbered = /^(.*)-(\d+)$/.exec(base);
  const stem = numbered && numbered[1] ? numbered[1] : base;
  for (let n = numbered ? Number(numbered[2]) + 1 : 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${stem.slice(0, MAX_SLUG_LENGTH - suffix.length).replace(/-+$/g, "")}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

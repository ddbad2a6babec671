/** The product name under the drawing (wrapped to fit) and the language tag. */
import type { Palette } from "./palette";
import { FONT, SIZE, escapeXml, n } from "./svg";

/** The product drawing sits above this line; the name caption below it. */
const CAPTION_TOP = 452;
const CAPTION_WIDTH = 520;
const MAX_NAME_LINES = 3;

/**
 * Advance width of a character in ems, measured on DejaVu Sans Bold: one of the widest faces
 * `system-ui, sans-serif` can fall back to, so text that fits here fits with narrower fonts too.
 */
const CHAR_EMS: ReadonlyArray<readonly [string, number]> = [
  [" .,:;'|/ijlIJ\u2019", 0.38],
  ["ft()[]!-\u2013r\"", 0.5],
  ["csz", 0.6],
  ["abdeghknopquvxy0123456789EFLPTY", 0.72],
  ["ABCDGHKNOQRSUVXZ&+#?", 0.86],
  ["mwMW@%\u2026", 1.1],
];

function charEm(ch: string): number {
  for (const [chars, em] of CHAR_EMS) if (chars.includes(ch)) return em;
  return 0.74;
}

/** Estimated rendered width of `text` in pixels at `fontSize` (bold). */
export function estimateTextWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const ch of text) em += charEm(ch);
  return em * fontSize;
}

/**
 * Word-wraps `text` to lines no wider than `maxWidth` at `fontSize`, at most `maxLines`; the last
 * line ends with an ellipsis when the text does not fit. Over-long words are broken.
 */
export function wrapName(text: string, fontSize: number, maxWidth: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = "";
  let truncated = false;
  const pushLine = (line: string) => {
    if (lines.length < maxLines) lines.push(line);
    else truncated = true;
  };
  for (let word of words) {
    // Break words that cannot fit on a line by themselves.
    while (estimateTextWidth(word, fontSize) > maxWidth) {
      let cut = word.length - 1;
      while (cut > 1 && estimateTextWidth(word.slice(0, cut), fontSize) > maxWidth) cut--;
      if (current) {
        pushLine(current);
        current = "";
      }
      pushLine(word.slice(0, cut));
      word = word.slice(cut);
    }
    const candidate = current ? `${current} ${word}` : word;
    if (estimateTextWidth(candidate, fontSize) <= maxWidth) {
      current = candidate;
    } else {
      pushLine(current);
      current = word;
    }
  }
  if (current) pushLine(current);
  if (truncated && lines.length > 0) {
    let last = lines[lines.length - 1] ?? "";
    while (last.length > 0 && estimateTextWidth(`${last}…`, fontSize) > maxWidth) last = last.slice(0, -1).trimEnd();
    lines[lines.length - 1] = `${last.replace(/[\s,.;:–-]+$/, "")}…`;
  }
  return lines;
}

export function caption(name: string, colour: string): string {
  // Largest size first; a smaller size is used only when the name needs more room.
  const attempts: ReadonlyArray<readonly [number, number]> = [
    [34, 2],
    [30, MAX_NAME_LINES],
    [26, MAX_NAME_LINES],
  ];
  let fontSize = 34;
  let lines: string[] = [];
  for (const [size, maxLines] of attempts) {
    fontSize = size;
    lines = wrapName(name, size, CAPTION_WIDTH, maxLines);
    if (!lines[lines.length - 1]?.endsWith("…")) break;
  }
  const lineHeight = fontSize * 1.18;
  const panelTop = CAPTION_TOP + 4;
  const panelHeight = SIZE - panelTop - 16;
  const firstBaseline = panelTop + panelHeight / 2 - ((lines.length - 1) * lineHeight) / 2 + fontSize * 0.35;
  const texts = lines.map((line, i) => {
    const fit = estimateTextWidth(line, fontSize) > CAPTION_WIDTH ? ` textLength="${CAPTION_WIDTH}" lengthAdjust="spacingAndGlyphs"` : "";
    return `<text data-name-line="${i + 1}" x="300" y="${n(firstBaseline + i * lineHeight)}" font-family="${FONT}" font-size="${fontSize}" font-weight="700" fill="${colour}" text-anchor="middle"${fit}>${escapeXml(line)}</text>`;
  });
  return `<rect x="24" y="${panelTop}" width="552" height="${panelHeight}" rx="20" fill="#ffffff" opacity="0.9"/>${texts.join("")}`;
}

export function languageTag(code: string, p: Palette): string {
  const text = code.trim().toUpperCase().slice(0, 8);
  if (!text) return "";
  const w = Math.round(estimateTextWidth(text, 18) + 28);
  return `<g><rect x="24" y="24" width="${w}" height="34" rx="17" fill="${p.deep}" opacity="0.88"/><text x="${24 + w / 2}" y="47" font-family="${FONT}" font-size="18" font-weight="800" letter-spacing="1" fill="#ffffff" text-anchor="middle">${escapeXml(text)}</text></g>`;
}

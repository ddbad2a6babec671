/**
 * A single card drawn from its reference data: a card-shaped face with the card's name, an
 * abstract generated picture (never a scan), the set code and printed number ("4/102") and the
 * rarity as a symbol; below it a pill with the rarity in words. A slab adds the grader's label
 * with the grade. Each draws inside y < CAPTION_TOP (caption.ts).
 */
import { estimateTextWidth } from "./caption";
import type { Ctx } from "./palette";
import { floorShadow, label, sparkle } from "./shapes";
import { FONT, escapeXml, hashString, n, pts, randomFrom } from "./svg";

/** What the art knows about the card a single is. */
export interface CardArt {
  name: string;
  setName: string;
  setCode: string;
  /** As printed: "4/102", "199/165", "SVP 085". */
  number: string;
  rarity: string | null;
  /** Whether the card is foil in any printing (draws a holo sheen). */
  foil: boolean;
  /** Vintage cards (before 2003) have the yellow border. */
  vintage: boolean;
}

export interface GradeArt {
  /** "PSA", "BGS", "CGC"… */
  grader: string;
  /** "10", "9.5"… */
  grade: string;
}

type RaritySymbol = { shape: "circle" | "diamond" | "star"; count: number; fill: string } | { shape: "text"; text: string; fill: string };

/** The symbol a rarity is printed with: ● common, ◆ uncommon, ★ rare, more stars and gold for the rarer. */
export function raritySymbol(rarity: string | null): RaritySymbol | null {
  const r = (rarity ?? "").trim().toLowerCase();
  if (!r) return null;
  if (r === "common") return { shape: "circle", count: 1, fill: "#0f172a" };
  if (r === "uncommon") return { shape: "diamond", count: 1, fill: "#0f172a" };
  if (r.startsWith("rare") || r === "secret rare") return { shape: "star", count: 1, fill: r === "secret rare" ? "#d4a72c" : "#0f172a" };
  if (r === "double rare") return { shape: "star", count: 2, fill: "#0f172a" };
  if (r === "ultra rare") return { shape: "star", count: 2, fill: "#94a3b8" };
  if (r === "illustration rare") return { shape: "star", count: 1, fill: "#d4a72c" };
  if (r === "special illustration rare") return { shape: "star", count: 2, fill: "#d4a72c" };
  if (r === "hyper rare") return { shape: "star", count: 3, fill: "#d4a72c" };
  if (r === "special art rare") return { shape: "text", text: "SAR", fill: "#d4a72c" };
  if (r === "promo") return { shape: "text", text: "PROMO", fill: "#0f172a" };
  return { shape: "text", text: rarity!.trim().slice(0, 6).toUpperCase(), fill: "#0f172a" };
}

function starPoints(cx: number, cy: number, r: number): Array<[number, number]> {
  const points: Array<[number, number]> = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const radius = i % 2 === 0 ? r : r * 0.45;
    points.push([cx + Math.cos(a) * radius, cy + Math.sin(a) * radius]);
  }
  return points;
}

/** The rarity symbol drawn as shapes (no font glyphs), right-aligned at (right, cy). */
function drawRaritySymbol(symbol: RaritySymbol, right: number, cy: number, size: number): string {
  const stroke = `stroke="#ffffff" stroke-width="${n(size * 0.12)}"`;
  if (symbol.shape === "text") {
    return `<text x="${n(right)}" y="${n(cy + size * 0.35)}" font-family="${FONT}" font-size="${n(size)}" font-weight="900" fill="${symbol.fill}" text-anchor="end">${escapeXml(symbol.text)}</text>`;
  }
  const r = size / 2;
  const parts: string[] = [];
  for (let i = 0; i < symbol.count; i++) {
    const cx = right - r - i * size * 1.05;
    if (symbol.shape === "circle") parts.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.8)}" fill="${symbol.fill}" ${stroke}/>`);
    else if (symbol.shape === "diamond") parts.push(`<polygon points="${pts([[cx, cy - r], [cx + r * 0.8, cy], [cx, cy + r], [cx - r * 0.8, cy]])}" fill="${symbol.fill}" ${stroke}/>`);
    else parts.push(`<polygon points="${pts(starPoints(cx, cy, r * 1.1))}" fill="${symbol.fill}" ${stroke}/>`);
  }
  return parts.join("");
}

/** "BASE1 · 4/102"; a promo's number already names its set ("SVP 085"). */
function codeAndNumber(card: CardArt, separator: string): string {
  const code = card.setCode.toUpperCase();
  return card.number.toUpperCase().startsWith(`${code} `) ? card.number : `${code}${separator}${card.number}`;
}

/** Text that fits `width`: squeezed (never cut) when it would not, as names must stay whole. */
function fittedText(text: string, x: number, y: number, size: number, width: number, attrs: string): string {
  const fit = estimateTextWidth(text, size) > width ? ` textLength="${n(width)}" lengthAdjust="spacingAndGlyphs"` : "";
  return `<text x="${n(x)}" y="${n(y)}" font-family="${FONT}" font-size="${n(size)}" ${attrs}${fit}>${escapeXml(text)}</text>`;
}

/** The card itself, `w` wide at (x, y); every size scales with `w`. */
export function cardFace(ctx: Ctx, card: CardArt, x: number, y: number, w: number): string {
  const { p, id } = ctx;
  const k = w / 250;
  const h = (w * 88) / 63;
  const border = 11 * k;
  const ix = x + border;
  const iy = y + border;
  const iw = w - border * 2;
  const ih = h - border * 2;
  const gold = /hyper rare/i.test(card.rarity ?? "");
  const fullArt = /illustration|ultra|secret|special art|hyper/i.test(card.rarity ?? "");
  const frame = card.vintage ? "#f4cf3a" : gold ? `url(#${id}-gold)` : `url(#${id}-frame)`;
  const rand = randomFrom(hashString(`${card.setCode} ${card.number}`));
  const parts: string[] = [];

  parts.push(`<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(12 * k)}" fill="${frame}" stroke="#0f172a" stroke-opacity="0.3" stroke-width="1.5"/>`);
  parts.push(`<rect x="${n(ix)}" y="${n(iy)}" width="${n(iw)}" height="${n(ih)}" rx="${n(7 * k)}" fill="${gold ? "#e9c96a" : p.light}"/>`);

  // Picture window: abstract hills and a glowing orb, holo sheen on foil cards.
  const art = fullArt ? { x: ix, y: iy, w: iw, h: ih } : { x: ix + 10 * k, y: iy + 34 * k, w: iw - 20 * k, h: ih * 0.46 };
  const clip = `${id}-face-${Math.round(x)}-${Math.round(y)}`;
  const orbX = art.x + art.w * (0.3 + rand() * 0.4);
  const orbY = art.y + art.h * (fullArt ? 0.36 : 0.45);
  parts.push(`<clipPath id="${clip}"><rect x="${n(art.x)}" y="${n(art.y)}" width="${n(art.w)}" height="${n(art.h)}" rx="${n(fullArt ? 7 * k : 3)}"/></clipPath>`);
  parts.push(
    `<g clip-path="url(#${clip})">` +
      `<rect x="${n(art.x)}" y="${n(art.y)}" width="${n(art.w)}" height="${n(art.h)}" fill="url(#${id}-sky)"/>` +
      `<circle cx="${n(orbX)}" cy="${n(orbY)}" r="${n(art.w * 0.34)}" fill="${p.accent}" opacity="0.35"/>` +
      `<circle cx="${n(orbX)}" cy="${n(orbY)}" r="${n(art.w * 0.2)}" fill="${p.accent}"/>` +
      sparkle(orbX, orbY, art.w * 0.15, "#ffffff", 0.95) +
      `<path d="M${n(art.x)} ${n(art.y + art.h * 0.8)} Q${n(art.x + art.w * 0.3)} ${n(art.y + art.h * 0.62)} ${n(art.x + art.w * 0.55)} ${n(art.y + art.h * 0.76)} T${n(art.x + art.w)} ${n(art.y + art.h * 0.7)} V${n(art.y + art.h)} H${n(art.x)}Z" fill="${p.dark}" opacity="0.85"/>` +
      (card.foil ? `<rect x="${n(art.x)}" y="${n(art.y)}" width="${n(art.w)}" height="${n(art.h)}" fill="url(#${id}-holo)"/>` : "") +
      `</g>`,
  );

  // Name at the top, on a band so it reads over a full-art picture too.
  const ink = "#0f172a";
  parts.push(`<rect x="${n(ix + 6 * k)}" y="${n(iy + 6 * k)}" width="${n(iw - 12 * k)}" height="${n(24 * k)}" rx="${n(5 * k)}" fill="#ffffff" opacity="${fullArt ? 0.85 : 0.6}"/>`);
  parts.push(fittedText(card.name, ix + 12 * k, iy + 24 * k, 17 * k, iw - 24 * k, `font-weight="800" fill="${ink}" data-card="name"`));

  // Text lines standing in for attacks, on normal cards only.
  if (!fullArt) {
    [0.8, 0.62, 0.74].forEach((frac, i) => {
      parts.push(`<rect x="${n(ix + 14 * k)}" y="${n(art.y + art.h + 16 * k + i * 20 * k)}" width="${n((iw - 28 * k) * frac)}" height="${n(7 * k)}" rx="${n(3.5 * k)}" fill="${ink}" opacity="0.3"/>`);
    });
  }

  // Bottom strip: set code and number on the left, rarity symbol on the right.
  const stripY = iy + ih - 30 * k;
  parts.push(`<rect x="${n(ix + 6 * k)}" y="${n(stripY)}" width="${n(iw - 12 * k)}" height="${n(24 * k)}" rx="${n(5 * k)}" fill="#ffffff" opacity="0.85"/>`);
  parts.push(
    fittedText(codeAndNumber(card, " · "), ix + 12 * k, stripY + 17 * k, 13 * k, iw * 0.66, `font-weight="800" fill="${ink}" data-card="number"`),
  );
  const symbol = raritySymbol(card.rarity);
  if (symbol) parts.push(`<g data-card="rarity-symbol">${drawRaritySymbol(symbol, ix + iw - 12 * k, stripY + 12 * k, 13 * k)}</g>`);

  // Gloss over the whole card.
  parts.push(`<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(12 * k)}" fill="url(#${id}-sheen)"/>`);
  return parts.join("");
}

/** The pill under a raw card: rarity in words and the set's name. */
function rarityPill(card: CardArt, cy: number, ctx: Ctx): string {
  const text = [card.rarity, card.setName].filter(Boolean).join(" · ");
  if (!text) return "";
  const size = 17;
  const w = Math.min(540, estimateTextWidth(text, size) + 36);
  return (
    `<rect x="${n(300 - w / 2)}" y="${n(cy - 15)}" width="${n(w)}" height="30" rx="15" fill="${ctx.p.deep}" opacity="0.88"/>` +
    fittedText(text, 300, cy + 6, size, w - 36, `font-weight="700" fill="#ffffff" text-anchor="middle" data-card="rarity"`)
  );
}

export function drawCardSingle(ctx: Ctx, card: CardArt): string {
  const w = 250;
  const h = (w * 88) / 63;
  const y = 24;
  return [floorShadow(300, y + h + 4, 150, 12, ctx), cardFace(ctx, card, 300 - w / 2, y, w), rarityPill(card, 428, ctx)].join("");
}

function gradeWords(grader: string, grade: string): string {
  const num = Number(grade);
  if (num >= 10) return grader === "CGC" ? "PRISTINE" : "GEM MT";
  if (num >= 9.5) return "GEM MINT";
  if (num >= 9) return "MINT";
  if (num >= 8) return "NM-MT";
  return "NEAR MINT";
}

const GRADER_COLOUR: Record<string, string> = { PSA: "#c8102e", CGC: "#0b5fa5", BGS: "#8a7a4a" };

/** A slab: the grader's label (grader, card, number, grade) over the card in its case. */
export function drawCardSlab(ctx: Ctx, card: CardArt, grade: GradeArt): string {
  const { id } = ctx;
  const grader = grade.grader.toUpperCase();
  const colour = GRADER_COLOUR[grader] ?? "#334155";
  const x = 164;
  const y = 18;
  const w = 272;
  const h = 420;
  const cardW = 196;
  const labelW = w - 40;
  return [
    floorShadow(300, y + h + 6, 170, 14, ctx),
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="16" fill="#e2e8f0" opacity="0.55" stroke="#94a3b8" stroke-width="3"/>`,
    `<rect x="${x + 10}" y="${y + 10}" width="${w - 20}" height="${h - 20}" rx="10" fill="none" stroke="#ffffff" stroke-opacity="0.9" stroke-width="2"/>`,
    `<g data-card="label">`,
    `<rect x="${x + 20}" y="${y + 18}" width="${labelW}" height="84" rx="4" fill="#ffffff" stroke="${colour}" stroke-width="5"/>`,
    label(x + 34, y + 44, grader, 22, colour, "start"),
    fittedText(card.name.toUpperCase(), x + 34, y + 66, 12, labelW - 90, `font-weight="800" fill="#0f172a"`),
    fittedText(codeAndNumber(card, " "), x + 34, y + 84, 11, labelW - 90, `font-weight="700" fill="#334155"`),
    label(x + w - 34, y + 42, gradeWords(grader, grade.grade), 10, "#0f172a", "end"),
    `<text x="${x + w - 34}" y="${y + 88}" font-family="${FONT}" font-size="36" font-weight="900" fill="#0f172a" text-anchor="end" data-card="grade">${escapeXml(grade.grade)}</text>`,
    `</g>`,
    `<rect x="${300 - cardW / 2 - 10}" y="${y + 114}" width="${cardW + 20}" height="${n((cardW * 88) / 63 + 20)}" rx="8" fill="#ffffff" opacity="0.35"/>`,
    cardFace(ctx, card, 300 - cardW / 2, y + 124, cardW),
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="16" fill="url(#${id}-glass)"/>`,
  ].join("");
}

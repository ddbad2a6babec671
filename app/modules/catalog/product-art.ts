/**
 * Generated product artwork: a self-contained 600×600 SVG per product, drawn from its kind and
 * coloured from a hash of its name, so demo products look distinct without any photographs.
 *
 * Pure string building: no I/O, no external references (fonts, images), deterministic output.
 */
import type { ProductKind } from "~/db/seed/demo-catalogue";

export interface ProductArtInput {
  name: string;
  kind: ProductKind;
  languageCode?: string;
}

const SIZE = 600;
const FONT = "system-ui, sans-serif";
/** The product drawing sits above this line; the name caption below it. */
const CAPTION_TOP = 452;
const CAPTION_WIDTH = 520;
const MAX_NAME_LINES = 3;

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

/** Escapes text for use in SVG character data and attribute values. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** 32-bit FNV-1a hash. */
function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a tiny deterministic PRNG for decorative details. */
function randomFrom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** HSL (degrees, percent, percent) to #rrggbb; hex works in every SVG renderer. */
function hsl(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360;
  const sat = Math.max(0, Math.min(100, s)) / 100;
  const lig = Math.max(0, Math.min(100, l)) / 100;
  const c = (1 - Math.abs(2 * lig - 1)) * sat;
  const x = c * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = lig - c / 2;
  const [r, g, b] =
    hue < 60 ? [c, x, 0] : hue < 120 ? [x, c, 0] : hue < 180 ? [0, c, x] : hue < 240 ? [0, x, c] : hue < 300 ? [x, 0, c] : [c, 0, x];
  const hex = (v: number) =>
    Math.round((v + m) * 255)
      .toString(16)
      .padStart(2, "0");
  return `#${hex(r)}${hex(g)}${hex(b)}`;
}

function n(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

function pts(points: ReadonlyArray<readonly [number, number]>): string {
  return points.map(([x, y]) => `${n(x)},${n(y)}`).join(" ");
}

interface Palette {
  hue: number;
  base: string;
  light: string;
  dark: string;
  deep: string;
  accent: string;
  accentDark: string;
  bgTop: string;
  bgBottom: string;
}

/** Colour words in accessory names ("Jet Black", "Pacific Blue") pick the hue instead of the hash. */
const COLOUR_WORDS: ReadonlyArray<readonly [RegExp, number | "black"]> = [
  [/\b(black|jet|onyx)\b/i, "black"],
  [/\b(blue|sapphire|pacific)\b/i, 215],
  [/\b(red|crimson|ruby)\b/i, 355],
  [/\b(green|emerald)\b/i, 140],
  [/\b(purple|violet)\b/i, 272],
  [/\b(pink|magenta)\b/i, 325],
  [/\b(orange)\b/i, 25],
  [/\b(yellow|gold)\b/i, 45],
];

function paletteFor(seed: number, colourName?: string): Palette {
  const named = colourName ? COLOUR_WORDS.find(([re]) => re.test(colourName))?.[1] : undefined;
  const hue = typeof named === "number" ? named : named === "black" ? 220 : seed % 360;
  const accentHue = hue + 150 + ((seed >>> 9) % 90);
  if (named === "black") {
    return {
      hue,
      base: hsl(hue, 10, 26),
      light: hsl(hue, 8, 44),
      dark: hsl(hue, 12, 16),
      deep: hsl(hue, 16, 11),
      accent: hsl(accentHue, 85, 56),
      accentDark: hsl(accentHue, 70, 38),
      bgTop: hsl(hue, 20, 95),
      bgBottom: hsl(hue, 16, 84),
    };
  }
  const sat = 62 + ((seed >>> 17) % 20);
  return {
    hue,
    base: hsl(hue, sat, 48),
    light: hsl(hue, sat + 10, 68),
    dark: hsl(hue, sat, 32),
    deep: hsl(hue, sat - 10, 20),
    accent: hsl(accentHue, 85, 56),
    accentDark: hsl(accentHue, 70, 38),
    bgTop: hsl(hue, 45, 95),
    bgBottom: hsl(hue + 20, 40, 86),
  };
}

/** Everything a drawing needs: the colours, unique gradient ids, a PRNG. */
interface Ctx {
  p: Palette;
  id: string;
  rand: () => number;
  name: string;
}

/** A four-pointed sparkle. */
function sparkle(x: number, y: number, r: number, fill: string, opacity = 1): string {
  const k = r * 0.22;
  const d = `M${n(x)} ${n(y - r)} Q${n(x + k)} ${n(y - k)} ${n(x + r)} ${n(y)} Q${n(x + k)} ${n(y + k)} ${n(x)} ${n(y + r)} Q${n(x - k)} ${n(y + k)} ${n(x - r)} ${n(y)} Q${n(x - k)} ${n(y - k)} ${n(x)} ${n(y - r)}Z`;
  return `<path d="${d}" fill="${fill}" opacity="${opacity}"/>`;
}

/** A generic round emblem (rays, rings and a sparkle); no trademarked logos. */
function emblem(ctx: Ctx, cx: number, cy: number, r: number): string {
  const { p } = ctx;
  const rays: string[] = [];
  for (let i = 0; i < 12; i++) {
    const a = (i * Math.PI) / 6;
    const a2 = a + Math.PI / 14;
    rays.push(
      `<polygon points="${pts([
        [cx, cy],
        [cx + Math.cos(a) * r * 1.45, cy + Math.sin(a) * r * 1.45],
        [cx + Math.cos(a2) * r * 1.45, cy + Math.sin(a2) * r * 1.45],
      ])}" fill="#ffffff" opacity="0.12"/>`,
    );
  }
  return `<g>${rays.join("")}<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${p.accent}"/><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.78)}" fill="url(#${ctx.id}-emblem)"/><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.78)}" fill="none" stroke="#ffffff" stroke-width="${n(Math.max(2, r * 0.06))}" opacity="0.85"/>${sparkle(cx, cy, r * 0.55, "#ffffff")}${sparkle(cx + r * 0.42, cy - r * 0.38, r * 0.16, "#ffffff", 0.9)}</g>`;
}

function label(x: number, y: number, text: string, size: number, fill = "#ffffff", anchor = "middle", extra = ""): string {
  return `<text x="${n(x)}" y="${n(y)}" font-family="${FONT}" font-size="${size}" font-weight="800" letter-spacing="${n(size * 0.14)}" fill="${fill}" text-anchor="${anchor}"${extra}>${escapeXml(text)}</text>`;
}

interface Box {
  /** Front face: left, top, width, height. */
  x: number;
  y: number;
  w: number;
  h: number;
  /** Depth offset of the back edge (dx to the right, dy upwards as a negative number). */
  dx: number;
  dy: number;
}

/** The three visible faces of an isometric-ish box, each filled separately. */
function boxFaces(b: Box, front: string, top: string, side: string, stroke = "#0f172a"): string {
  const { x, y, w, h, dx, dy } = b;
  return [
    `<polygon points="${pts([[x, y], [x + w, y], [x + w + dx, y + dy], [x + dx, y + dy]])}" fill="${top}" stroke="${stroke}" stroke-opacity="0.25" stroke-width="2" stroke-linejoin="round"/>`,
    `<polygon points="${pts([[x + w, y], [x + w + dx, y + dy], [x + w + dx, y + h + dy], [x + w, y + h]])}" fill="${side}" stroke="${stroke}" stroke-opacity="0.25" stroke-width="2" stroke-linejoin="round"/>`,
    `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${front}" stroke="${stroke}" stroke-opacity="0.25" stroke-width="2"/>`,
  ].join("");
}

/** A band across the front and side faces of a box, from y0 to y1 on the front. */
function boxBand(b: Box, y0: number, y1: number, front: string, side: string): string {
  const { x, w, dx, dy } = b;
  return (
    `<rect x="${n(x)}" y="${n(y0)}" width="${n(w)}" height="${n(y1 - y0)}" fill="${front}"/>` +
    `<polygon points="${pts([[x + w, y0], [x + w + dx, y0 + dy], [x + w + dx, y1 + dy], [x + w, y1]])}" fill="${side}"/>`
  );
}

function floorShadow(cx: number, cy: number, rx: number, ry: number, ctx: Ctx): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="url(#${ctx.id}-shadow)"/>`;
}

/** A crimped booster pack with its top-left corner at (x, y). */
function pack(ctx: Ctx, x: number, y: number, w: number, h: number, fill: string, opts: { emblem?: boolean } = {}): string {
  const crimp = Math.max(10, h * 0.075);
  const teeth = Math.max(6, Math.round(w / 11));
  const step = w / teeth;
  const tooth = Math.max(3, crimp * 0.3);
  const top: Array<[number, number]> = [];
  const bottom: Array<[number, number]> = [];
  for (let i = 0; i <= teeth; i++) {
    top.push([x + i * step, y + (i % 2 === 0 ? 0 : tooth)]);
    bottom.push([x + w - i * step, y + h - (i % 2 === 0 ? 0 : tooth)]);
  }
  const outline = pts([...top, ...bottom]);
  const ridges: string[] = [];
  for (let i = 1; i < teeth * 2; i++) {
    const lx = x + (i * step) / 2;
    ridges.push(`M${n(lx)} ${n(y + tooth)}V${n(y + crimp)}M${n(lx)} ${n(y + h - crimp)}V${n(y + h - tooth)}`);
  }
  const cx = x + w / 2;
  return [
    `<polygon points="${outline}" fill="${fill}"/>`,
    `<polygon points="${outline}" fill="url(#${ctx.id}-foil)"/>`,
    `<path d="${ridges.join("")}" stroke="#ffffff" stroke-opacity="0.35" stroke-width="1.5"/>`,
    `<rect x="${n(x)}" y="${n(y + crimp)}" width="${n(w)}" height="2" fill="#000000" opacity="0.18"/>`,
    `<rect x="${n(x)}" y="${n(y + h - crimp - 2)}" width="${n(w)}" height="2" fill="#000000" opacity="0.18"/>`,
    opts.emblem === false ? "" : emblem(ctx, cx, y + h * 0.42, w * 0.26),
    opts.emblem === false
      ? ""
      : `<rect x="${n(x + w * 0.16)}" y="${n(y + h * 0.7)}" width="${n(w * 0.68)}" height="${n(h * 0.07)}" rx="${n(h * 0.035)}" fill="#ffffff" opacity="0.85"/><rect x="${n(x + w * 0.26)}" y="${n(y + h * 0.8)}" width="${n(w * 0.48)}" height="${n(h * 0.035)}" rx="${n(h * 0.017)}" fill="#ffffff" opacity="0.55"/>`,
    `<polygon points="${outline}" fill="none" stroke="#0f172a" stroke-opacity="0.3" stroke-width="2" stroke-linejoin="round"/>`,
  ].join("");
}

/** A trading card with its top-left corner at (x, y); full-art cards cover the whole face. */
function card(ctx: Ctx, x: number, y: number, w: number, fullArt: boolean, gold = false): string {
  const { p, id } = ctx;
  const h = (w * 88) / 63;
  const r = w * 0.045;
  const border = w * 0.045;
  const ix = x + border;
  const iy = y + border;
  const iw = w - border * 2;
  const ih = h - border * 2;
  const parts: string[] = [];
  parts.push(`<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(r)}" fill="url(#${id}-${gold ? "gold" : "frame"})" stroke="#0f172a" stroke-opacity="0.25" stroke-width="1.5"/>`);
  parts.push(`<rect x="${n(ix)}" y="${n(iy)}" width="${n(iw)}" height="${n(ih)}" rx="${n(r * 0.6)}" fill="${gold ? "#e9c96a" : p.light}"/>`);
  const art = fullArt ? { x: ix, y: iy, w: iw, h: ih } : { x: ix + iw * 0.06, y: iy + ih * 0.1, w: iw * 0.88, h: ih * 0.42 };
  const clip = `${id}-art-${Math.round(x)}-${Math.round(y)}`;
  parts.push(`<clipPath id="${clip}"><rect x="${n(art.x)}" y="${n(art.y)}" width="${n(art.w)}" height="${n(art.h)}" rx="${n(fullArt ? r * 0.6 : 3)}"/></clipPath>`);
  // Artwork: sky, hills, a glowing orb and a sparkle, under a holo sheen.
  const orbX = art.x + art.w * (0.35 + ctx.rand() * 0.3);
  const orbY = art.y + art.h * (fullArt ? 0.38 : 0.45);
  parts.push(
    `<g clip-path="url(#${clip})">` +
      `<rect x="${n(art.x)}" y="${n(art.y)}" width="${n(art.w)}" height="${n(art.h)}" fill="url(#${id}-sky)"/>` +
      `<circle cx="${n(orbX)}" cy="${n(orbY)}" r="${n(art.w * 0.36)}" fill="${p.accent}" opacity="0.35"/>` +
      `<circle cx="${n(orbX)}" cy="${n(orbY)}" r="${n(art.w * 0.22)}" fill="${p.accent}"/>` +
      sparkle(orbX, orbY, art.w * 0.16, "#ffffff", 0.95) +
      `<path d="M${n(art.x)} ${n(art.y + art.h * 0.78)} Q${n(art.x + art.w * 0.3)} ${n(art.y + art.h * 0.6)} ${n(art.x + art.w * 0.55)} ${n(art.y + art.h * 0.74)} T${n(art.x + art.w)} ${n(art.y + art.h * 0.68)} V${n(art.y + art.h)} H${n(art.x)}Z" fill="${p.dark}" opacity="0.85"/>` +
      `<path d="M${n(art.x)} ${n(art.y + art.h * 0.9)} Q${n(art.x + art.w * 0.45)} ${n(art.y + art.h * 0.78)} ${n(art.x + art.w)} ${n(art.y + art.h * 0.88)} V${n(art.y + art.h)} H${n(art.x)}Z" fill="${p.deep}" opacity="0.9"/>` +
      `<rect x="${n(art.x)}" y="${n(art.y)}" width="${n(art.w)}" height="${n(art.h)}" fill="url(#${id}-holo)"/>` +
      `</g>`,
  );
  if (!fullArt) parts.push(`<rect x="${n(art.x)}" y="${n(art.y)}" width="${n(art.w)}" height="${n(art.h)}" rx="3" fill="none" stroke="${gold ? "#a67c00" : "#cbd5e1"}" stroke-width="3"/>`);
  // Name bar and HP.
  const bar = fullArt ? "#ffffff" : "#0f172a";
  const barOpacity = fullArt ? 0.85 : 0.7;
  parts.push(`<rect x="${n(ix + iw * 0.07)}" y="${n(iy + ih * 0.035)}" width="${n(iw * 0.45)}" height="${n(ih * 0.035)}" rx="${n(ih * 0.017)}" fill="${bar}" opacity="${barOpacity}"/>`);
  parts.push(`<rect x="${n(ix + iw * 0.68)}" y="${n(iy + ih * 0.035)}" width="${n(iw * 0.16)}" height="${n(ih * 0.035)}" rx="${n(ih * 0.017)}" fill="${bar}" opacity="${barOpacity * 0.8}"/>`);
  parts.push(`<circle cx="${n(ix + iw * 0.9)}" cy="${n(iy + ih * 0.052)}" r="${n(ih * 0.026)}" fill="${p.accent}" stroke="#ffffff" stroke-width="1.5"/>`);
  // Attack text.
  const textTop = fullArt ? iy + ih * 0.66 : iy + ih * 0.58;
  if (fullArt) parts.push(`<rect x="${n(ix + iw * 0.05)}" y="${n(textTop - ih * 0.025)}" width="${n(iw * 0.9)}" height="${n(ih * 0.27)}" rx="6" fill="#ffffff" opacity="0.22"/>`);
  const widths = [0.78, 0.64, 0.82, 0.5];
  widths.forEach((frac, i) => {
    const ly = textTop + i * ih * 0.06;
    parts.push(`<rect x="${n(ix + iw * 0.1)}" y="${n(ly)}" width="${n(iw * frac)}" height="${n(ih * 0.022)}" rx="${n(ih * 0.011)}" fill="${bar}" opacity="${fullArt ? 0.75 : 0.35}"/>`);
  });
  parts.push(sparkle(ix + iw * 0.88, iy + ih * 0.94, ih * 0.025, fullArt ? "#ffffff" : "#0f172a", 0.8));
  // Glossy sheen over the whole card.
  parts.push(`<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(r)}" fill="url(#${id}-sheen)"/>`);
  return `<g>${parts.join("")}</g>`;
}

// ---------------------------------------------------------------------------------------------
// One drawing per kind; each draws inside y < CAPTION_TOP.
// ---------------------------------------------------------------------------------------------

function drawBoosterBox(ctx: Ctx): string {
  const { p, id } = ctx;
  const b: Box = { x: 92, y: 196, w: 290, h: 214, dx: 118, dy: -74 };
  const bandTop = b.y + b.h * 0.58;
  return [
    floorShadow(300, 418, 230, 26, ctx),
    boxFaces(b, `url(#${id}-front)`, p.light, p.dark),
    // Tear-off lid perforation on the top face.
    `<polygon points="${pts([[b.x + 22, b.y - 8], [b.x + b.w - 14, b.y - 8], [b.x + b.w + b.dx - 34, b.y + b.dy + 10], [b.x + b.dx + 24, b.y + b.dy + 10]])}" fill="none" stroke="#ffffff" stroke-opacity="0.7" stroke-width="2" stroke-dasharray="7 6"/>`,
    boxBand(b, bandTop, bandTop + 44, p.accent, p.accentDark),
    emblem(ctx, b.x + 88, b.y + 82, 50),
    `<rect x="${b.x + 160}" y="${b.y + 46}" width="104" height="16" rx="8" fill="#ffffff" opacity="0.85"/>`,
    `<rect x="${b.x + 160}" y="${b.y + 72}" width="80" height="12" rx="6" fill="#ffffff" opacity="0.55"/>`,
    `<rect x="${b.x + 160}" y="${b.y + 94}" width="92" height="12" rx="6" fill="#ffffff" opacity="0.55"/>`,
    label(b.x + b.w / 2, bandTop + 29, "BOOSTER BOX", 18),
    label(b.x + b.w / 2, b.y + b.h - 18, "TRADING CARD GAME", 11, "#ffffff", "middle", ' opacity="0.8"'),
    // Side face: a pack silhouette.
    `<polygon points="${pts([[b.x + b.w + 30, b.y - 8], [b.x + b.w + 86, b.y - 44], [b.x + b.w + 86, b.y + 40], [b.x + b.w + 30, b.y + 76]])}" fill="#ffffff" opacity="0.18"/>`,
  ].join("");
}

function drawEliteTrainerBox(ctx: Ctx): string {
  const { p, id } = ctx;
  const b: Box = { x: 128, y: 120, w: 250, h: 300, dx: 92, dy: -58 };
  const lid: Box = { x: b.x - 6, y: b.y - 4, w: b.w + 12, h: 88, dx: b.dx, dy: b.dy };
  return [
    floorShadow(305, 426, 210, 24, ctx),
    boxFaces(b, `url(#${id}-front)`, p.light, p.dark),
    boxFaces(lid, p.base, p.light, p.dark),
    boxBand(lid, lid.y + 60, lid.y + 74, p.accent, p.accentDark),
    label(lid.x + lid.w / 2, lid.y + 42, "ELITE TRAINER BOX", 17),
    emblem(ctx, b.x + b.w / 2, b.y + 178, 62),
    `<rect x="${b.x + 40}" y="${b.y + 262}" width="${b.w - 80}" height="14" rx="7" fill="#ffffff" opacity="0.75"/>`,
    // Window on the side showing the packs inside.
    `<polygon points="${pts([[b.x + b.w + 18, b.y + 110], [b.x + b.w + 72, b.y + 76], [b.x + b.w + 72, b.y + 210], [b.x + b.w + 18, b.y + 244]])}" fill="${p.deep}" opacity="0.45"/>`,
    `<polygon points="${pts([[b.x + b.w + 26, b.y + 120], [b.x + b.w + 64, b.y + 96], [b.x + b.w + 64, b.y + 200], [b.x + b.w + 26, b.y + 224]])}" fill="${p.accent}" opacity="0.6"/>`,
  ].join("");
}

function drawBoosterPack(ctx: Ctx): string {
  const { p } = ctx;
  return [
    floorShadow(300, 428, 170, 20, ctx),
    `<g transform="rotate(9 330 250)" opacity="0.95">${pack(ctx, 250, 62, 176, 350, p.dark, { emblem: false })}</g>`,
    `<g transform="rotate(-5 300 250)">${pack(ctx, 196, 56, 196, 372, p.base)}</g>`,
  ].join("");
}

function drawBoosterBundle(ctx: Ctx): string {
  const { p, id } = ctx;
  const b: Box = { x: 96, y: 262, w: 320, h: 150, dx: 84, dy: -52 };
  const packs: string[] = [];
  const fills = [p.dark, p.base, p.accentDark, p.base, p.dark, p.accentDark];
  for (let i = 0; i < 6; i++) {
    const px = b.x + 28 + i * 58 + (i % 2) * 4;
    const py = 126 + (i % 3) * 18 - i * 4;
    packs.push(`<g transform="rotate(${(i - 2.5) * 2.5} ${px + 30} 260)">${pack(ctx, px, py, 62, 190, fills[i] ?? p.base, { emblem: false })}${sparkle(px + 31, py + 66, 14, "#ffffff", 0.85)}</g>`);
  }
  return [
    floorShadow(305, 422, 230, 24, ctx),
    // Open box: the inside first, then the packs, then the front and side.
    `<polygon points="${pts([[b.x, b.y], [b.x + b.w, b.y], [b.x + b.w + b.dx, b.y + b.dy], [b.x + b.dx, b.y + b.dy]])}" fill="${p.deep}"/>`,
    packs.join(""),
    `<polygon points="${pts([[b.x + b.w, b.y], [b.x + b.w + b.dx, b.y + b.dy], [b.x + b.w + b.dx, b.y + b.h + b.dy], [b.x + b.w, b.y + b.h]])}" fill="${p.dark}" stroke="#0f172a" stroke-opacity="0.25" stroke-width="2"/>`,
    `<rect x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" fill="url(#${id}-front)" stroke="#0f172a" stroke-opacity="0.25" stroke-width="2"/>`,
    boxBand(b, b.y + 92, b.y + 126, p.accent, p.accentDark),
    emblem(ctx, b.x + 58, b.y + 48, 34),
    label(b.x + 112, b.y + 56, "BOOSTER BUNDLE", 19, "#ffffff", "start"),
    label(b.x + b.w / 2, b.y + 116, "6 BOOSTER PACKS", 14),
  ].join("");
}

function drawCollectionBox(ctx: Ctx): string {
  const { p, id } = ctx;
  const b: Box = { x: 70, y: 132, w: 380, h: 282, dx: 84, dy: -54 };
  const win = { x: b.x + 22, y: b.y + 44, w: 196, h: 218 };
  const packs: string[] = [];
  for (let i = 0; i < 3; i++) {
    packs.push(`<g transform="rotate(${(i - 1) * 7} ${b.x + 300} ${b.y + 250})">${pack(ctx, b.x + 258 + (i - 1) * 26, b.y + 60 + Math.abs(i - 1) * 8, 84, 176, i === 1 ? p.base : p.dark, { emblem: i === 1 })}</g>`);
  }
  return [
    floorShadow(300, 424, 240, 24, ctx),
    boxFaces(b, `url(#${id}-front)`, p.light, p.dark),
    `<rect x="${b.x}" y="${b.y}" width="${b.w}" height="34" fill="${p.accent}"/>`,
    `<polygon points="${pts([[b.x + b.w, b.y], [b.x + b.w + b.dx, b.y + b.dy], [b.x + b.w + b.dx, b.y + b.dy + 34], [b.x + b.w, b.y + 34]])}" fill="${p.accentDark}"/>`,
    label(b.x + b.w / 2, b.y + 23, "PREMIUM COLLECTION", 16),
    // Clear window with the promo card.
    `<rect x="${win.x}" y="${win.y}" width="${win.w}" height="${win.h}" rx="10" fill="${p.deep}" opacity="0.55"/>`,
    card(ctx, win.x + 32, win.y + 12, 132, true),
    `<rect x="${win.x}" y="${win.y}" width="${win.w}" height="${win.h}" rx="10" fill="url(#${id}-glass)" stroke="#ffffff" stroke-opacity="0.8" stroke-width="3"/>`,
    packs.join(""),
    `<rect x="${b.x + 22}" y="${b.y + b.h - 14}" width="${b.w - 44}" height="6" rx="3" fill="#ffffff" opacity="0.5"/>`,
  ].join("");
}

function drawTin(ctx: Ctx): string {
  const { p, id } = ctx;
  if (/\bmini\b/i.test(ctx.name)) {
    // A small rectangular hinged tin, lid slightly proud of the body.
    const b: Box = { x: 140, y: 190, w: 280, h: 200, dx: 70, dy: -46 };
    const lid: Box = { x: b.x - 6, y: b.y - 6, w: b.w + 12, h: 58, dx: b.dx, dy: b.dy };
    return [
      floorShadow(310, 400, 200, 22, ctx),
      boxFaces(b, `url(#${id}-metal)`, p.light, p.dark),
      boxFaces(lid, `url(#${id}-metal)`, `url(#${id}-metal-top)`, p.dark),
      `<rect x="${b.x + 20}" y="${b.y + 82}" width="${b.w - 40}" height="90" rx="14" fill="${p.deep}" opacity="0.35"/>`,
      emblem(ctx, b.x + 80, b.y + 127, 36),
      label(b.x + 130, b.y + 122, "MINI TIN", 20, "#ffffff", "start"),
      `<rect x="${b.x + 132}" y="${b.y + 136}" width="100" height="10" rx="5" fill="#ffffff" opacity="0.6"/>`,
    ].join("");
  }
  const cx = 300;
  const top = 176;
  const bottom = 392;
  const rx = 168;
  const ry = 52;
  const lidDepth = 46;
  return [
    floorShadow(cx, bottom + 20, 210, 28, ctx),
    // Body.
    `<path d="M${cx - rx} ${top} V${bottom} A${rx} ${ry} 0 0 0 ${cx + rx} ${bottom} V${top}Z" fill="url(#${id}-metal)"/>`,
    `<path d="M${cx - rx} ${top + lidDepth + 18} A${rx} ${ry} 0 0 0 ${cx + rx} ${top + lidDepth + 18}" fill="none" stroke="${p.deep}" stroke-opacity="0.35" stroke-width="3"/>`,
    // Lid rim.
    `<path d="M${cx - rx - 6} ${top} V${top + lidDepth} A${rx + 6} ${ry + 2} 0 0 0 ${cx + rx + 6} ${top + lidDepth} V${top}Z" fill="url(#${id}-metal)" stroke="#0f172a" stroke-opacity="0.2" stroke-width="2"/>`,
    `<path d="M${cx - rx - 6} ${top + lidDepth - 10} A${rx + 6} ${ry + 2} 0 0 0 ${cx + rx + 6} ${top + lidDepth - 10}" fill="none" stroke="${p.accent}" stroke-width="8"/>`,
    // Lid top.
    `<ellipse cx="${cx}" cy="${top}" rx="${rx + 6}" ry="${ry + 2}" fill="url(#${id}-metal-top)" stroke="#0f172a" stroke-opacity="0.2" stroke-width="2"/>`,
    `<ellipse cx="${cx}" cy="${top}" rx="${rx - 24}" ry="${ry - 10}" fill="none" stroke="#ffffff" stroke-opacity="0.55" stroke-width="3"/>`,
    `<g transform="translate(${cx} ${top}) scale(1 0.32) translate(${-cx} ${-top})">${emblem(ctx, cx, top, 70)}</g>`,
    // Embossed front.
    emblem(ctx, cx, 318, 46),
    label(cx, 392, "COLLECTOR TIN", 15, "#ffffff", "middle", ' opacity="0.9"'),
  ].join("");
}

function drawBlister(ctx: Ctx): string {
  const { p, id } = ctx;
  const x = 150;
  const y = 34;
  const w = 300;
  const h = 396;
  const packs: string[] = [];
  for (let i = 0; i < 3; i++) {
    packs.push(`<g transform="rotate(${(i - 1) * 9} 300 330)">${pack(ctx, 248 + (i - 1) * 34, 132 - Math.abs(i - 1) * -10, 104, 214, i === 1 ? p.base : p.dark, { emblem: i === 1 })}</g>`);
  }
  return [
    floorShadow(300, 432, 170, 16, ctx),
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="18" fill="url(#${id}-front)" stroke="#0f172a" stroke-opacity="0.2" stroke-width="2"/>`,
    // Hanger hole.
    `<rect x="${x + w / 2 - 34}" y="${y + 16}" width="68" height="18" rx="9" fill="${p.bgTop}" stroke="#0f172a" stroke-opacity="0.25" stroke-width="2"/>`,
    label(x + w / 2, y + 62, "3 BOOSTER PACKS", 15),
    sparkle(x + 34, y + 70, 12, "#ffffff", 0.8),
    sparkle(x + w - 34, y + 70, 12, "#ffffff", 0.8),
    // Clear plastic bubble with the packs and a promo card.
    `<rect x="${x + 22}" y="${y + 84}" width="${w - 44}" height="${h - 104}" rx="22" fill="#ffffff" opacity="0.18"/>`,
    packs.join(""),
    `<g transform="rotate(8 400 340)">${card(ctx, 352, 262, 80, true)}</g>`,
    `<rect x="${x + 22}" y="${y + 84}" width="${w - 44}" height="${h - 104}" rx="22" fill="url(#${id}-glass)" stroke="#ffffff" stroke-opacity="0.9" stroke-width="3"/>`,
  ].join("");
}

function isFullArt(name: string): boolean {
  return /special (illustration|art)|alternate art|alt art|illustration rare|hyper rare|full art|secret|\bSIR\b|\bSAR\b/i.test(name);
}

function drawSingle(ctx: Ctx): string {
  const gold = /hyper rare|gold/i.test(ctx.name);
  const w = 262;
  const h = (w * 88) / 63;
  return [
    floorShadow(300, 430, 160, 16, ctx),
    `<g transform="rotate(-4 300 240)">${card(ctx, 300 - w / 2, 240 - h / 2 - 4, w, isFullArt(ctx.name), gold)}</g>`,
    sparkle(452, 96, 16, "#ffffff", 0.9),
    sparkle(150, 380, 10, "#ffffff", 0.8),
  ].join("");
}

interface Grade {
  company: string;
  grade: string;
  words: string;
  colour: string;
}

function gradeFromName(name: string): Grade {
  const m = /\b(PSA|CGC|BGS|Beckett|SGC|ACE|TAG)\s*(10|[1-9](?:\.5)?)\b/i.exec(name);
  const company = m?.[1] ? (m[1].toLowerCase() === "beckett" ? "BGS" : m[1].toUpperCase()) : "GRADED";
  const grade = m?.[2] ?? "10";
  const num = Number(grade);
  const words = num >= 10 ? (company === "CGC" ? "PRISTINE" : "GEM MT") : num >= 9.5 ? "GEM MINT" : num >= 9 ? "MINT" : num >= 8 ? "NM-MT" : "NEAR MINT";
  const colour = company === "PSA" ? "#c8102e" : company === "CGC" ? "#0b5fa5" : company === "BGS" ? "#8a7a4a" : "#334155";
  return { company, grade, words, colour };
}

function drawSlab(ctx: Ctx): string {
  const { id } = ctx;
  const g = gradeFromName(ctx.name);
  const x = 164;
  const y = 26;
  const w = 272;
  const h = 404;
  const cardW = 200;
  const barcode: string[] = [];
  let bx = x + 36;
  const rand = randomFrom(hashString(ctx.name) ^ 0x5bd1e995);
  while (bx < x + 150) {
    const bw = 1 + Math.floor(rand() * 3);
    barcode.push(`<rect x="${bx}" y="${y + 70}" width="${bw}" height="16" fill="#0f172a"/>`);
    bx += bw + 1 + Math.floor(rand() * 2);
  }
  return [
    floorShadow(300, 436, 170, 16, ctx),
    // Case.
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="16" fill="#e2e8f0" opacity="0.55" stroke="#94a3b8" stroke-width="3"/>`,
    `<rect x="${x + 10}" y="${y + 10}" width="${w - 20}" height="${h - 20}" rx="10" fill="none" stroke="#ffffff" stroke-opacity="0.9" stroke-width="2"/>`,
    // Label.
    `<rect x="${x + 20}" y="${y + 18}" width="${w - 40}" height="76" rx="4" fill="#ffffff" stroke="${g.colour}" stroke-width="5"/>`,
    label(x + 36, y + 46, g.company, 22, g.colour, "start"),
    `<rect x="${x + 36}" y="${y + 54}" width="110" height="6" rx="3" fill="#94a3b8"/>`,
    barcode.join(""),
    label(x + w - 34, y + 42, g.words, 11, "#0f172a", "end"),
    `<text x="${x + w - 34}" y="${y + 84}" font-family="${FONT}" font-size="38" font-weight="900" fill="#0f172a" text-anchor="end">${escapeXml(g.grade)}</text>`,
    // Card well and card.
    `<rect x="${300 - cardW / 2 - 12}" y="${y + 108}" width="${cardW + 24}" height="${(cardW * 88) / 63 + 22}" rx="8" fill="#ffffff" opacity="0.35"/>`,
    card(ctx, 300 - cardW / 2, y + 119, cardW, isFullArt(ctx.name), /hyper rare|gold/i.test(ctx.name)),
    // Reflection over the plastic.
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="16" fill="url(#${id}-glass)"/>`,
  ].join("");
}

function drawSleeves(ctx: Ctx): string {
  const { p, id } = ctx;
  const sleeves: string[] = [];
  const w = 200;
  const h = 280;
  for (let i = 0; i < 5; i++) {
    const angle = (i - 2) * 11;
    const fill = i % 2 === 0 ? p.base : p.dark;
    sleeves.push(
      `<g transform="rotate(${angle} 300 420)">` +
        `<rect x="${300 - w / 2}" y="${120}" width="${w}" height="${h}" rx="12" fill="${fill}" stroke="#0f172a" stroke-opacity="0.25" stroke-width="2"/>` +
        `<rect x="${300 - w / 2 + 14}" y="${136}" width="${w - 28}" height="${h - 32}" rx="8" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="2"/>` +
        `<rect x="${300 - w / 2}" y="${120}" width="${w}" height="${h}" rx="12" fill="url(#${id}-matte)"/>` +
        `</g>`,
    );
  }
  return [
    floorShadow(300, 428, 200, 18, ctx),
    sleeves.join(""),
    `<g transform="rotate(22 300 420)">${emblem(ctx, 300, 250, 44)}</g>`,
    `<rect x="186" y="360" width="228" height="52" rx="12" fill="#ffffff" opacity="0.92"/>`,
    label(300, 394, "CARD SLEEVES", 18, p.deep),
  ].join("");
}

function drawBinder(ctx: Ctx): string {
  const { p, id } = ctx;
  const pages: string[] = [];
  const cardFills = [p.light, p.accent, p.base, "#fde68a", p.dark, "#e2e8f0"];
  let k = 0;
  for (const px of [96, 310]) {
    pages.push(`<rect x="${px}" y="94" width="194" height="300" rx="8" fill="#f8fafc"/>`);
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 3; c++) {
        const cx = px + 12 + c * 60;
        const cy = 106 + r * 94;
        const fill = cardFills[(k++ * 7 + (hashString(ctx.name) >>> (k % 8))) % cardFills.length] ?? p.base;
        pages.push(`<rect x="${cx}" y="${cy}" width="54" height="84" rx="4" fill="${fill}" stroke="#cbd5e1" stroke-width="1.5"/>`);
        pages.push(`<rect x="${cx + 5}" y="${cy + 10}" width="44" height="32" rx="2" fill="#ffffff" opacity="0.45"/>`);
        pages.push(`<rect x="${cx}" y="${cy}" width="54" height="84" rx="4" fill="url(#${id}-glass)"/>`);
      }
    }
  }
  const zip = /zip/i.test(ctx.name);
  return [
    floorShadow(300, 430, 240, 18, ctx),
    `<rect x="74" y="72" width="452" height="344" rx="18" fill="url(#${id}-front)" stroke="#0f172a" stroke-opacity="0.3" stroke-width="2"/>`,
    zip ? `<rect x="82" y="80" width="436" height="328" rx="14" fill="none" stroke="${p.accent}" stroke-width="4" stroke-dasharray="3 3"/>` : "",
    pages.join(""),
    `<rect x="290" y="80" width="20" height="328" fill="${p.deep}" opacity="0.6"/>`,
    zip ? `<rect x="510" y="230" width="30" height="12" rx="6" fill="${p.accent}" stroke="#0f172a" stroke-opacity="0.3"/>` : "",
  ].join("");
}

function drawDeckBox(ctx: Ctx): string {
  const { p, id } = ctx;
  const b: Box = { x: 190, y: 150, w: 190, h: 260, dx: 96, dy: -60 };
  const lid: Box = { x: b.x - 4, y: b.y - 4, w: b.w + 8, h: 92, dx: b.dx, dy: b.dy };
  return [
    floorShadow(320, 418, 170, 20, ctx),
    boxFaces(b, `url(#${id}-front)`, p.light, p.dark),
    boxFaces(lid, p.base, p.light, p.dark),
    `<rect x="${lid.x}" y="${lid.y + lid.h - 10}" width="${lid.w}" height="10" fill="#000000" opacity="0.15"/>`,
    emblem(ctx, b.x + b.w / 2, b.y + 180, 44),
    label(b.x + b.w / 2, b.y + 50, "DECK BOX", 18),
  ].join("");
}

function drawToploaders(ctx: Ctx): string {
  const { id } = ctx;
  const holders: string[] = [];
  const w = 210;
  const h = 292;
  for (let i = 0; i < 3; i++) {
    const x = 150 + i * 46;
    const y = 60 + i * 32;
    holders.push(
      `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="10" fill="#e2e8f0" opacity="0.5" stroke="#94a3b8" stroke-width="3"/>` +
        (i === 2 ? card(ctx, x + 17, y + 16, w - 34, true) : "") +
        `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="10" fill="url(#${id}-glass)"/>` +
        `<rect x="${x + 10}" y="${y + 6}" width="${w - 20}" height="6" rx="3" fill="#ffffff" opacity="0.8"/>`,
    );
  }
  return [floorShadow(330, 420, 180, 16, ctx), holders.join("")].join("");
}

function drawDisplayCase(ctx: Ctx): string {
  const { p, id } = ctx;
  const inner: Box = { x: 120, y: 214, w: 260, h: 190, dx: 106, dy: -68 };
  const outer: Box = { x: 100, y: 190, w: 300, h: 228, dx: 120, dy: -78 };
  return [
    floorShadow(310, 424, 240, 24, ctx),
    boxFaces(inner, `url(#${id}-front)`, p.light, p.dark),
    boxBand(inner, inner.y + 110, inner.y + 146, p.accent, p.accentDark),
    emblem(ctx, inner.x + 70, inner.y + 60, 36),
    // Acrylic shell.
    `<polygon points="${pts([[outer.x, outer.y], [outer.x + outer.w, outer.y], [outer.x + outer.w + outer.dx, outer.y + outer.dy], [outer.x + outer.dx, outer.y + outer.dy]])}" fill="#ffffff" opacity="0.35" stroke="#ffffff" stroke-width="3"/>`,
    `<polygon points="${pts([[outer.x + outer.w, outer.y], [outer.x + outer.w + outer.dx, outer.y + outer.dy], [outer.x + outer.w + outer.dx, outer.y + outer.h + outer.dy], [outer.x + outer.w, outer.y + outer.h]])}" fill="#ffffff" opacity="0.2" stroke="#ffffff" stroke-width="3"/>`,
    `<rect x="${outer.x}" y="${outer.y}" width="${outer.w}" height="${outer.h}" fill="url(#${id}-glass)" stroke="#ffffff" stroke-width="3"/>`,
    `<rect x="${outer.x}" y="${outer.y}" width="${outer.w}" height="14" fill="#ffffff" opacity="0.5"/>`,
  ].join("");
}

function drawAccessory(ctx: Ctx): string {
  const name = ctx.name.toLowerCase();
  if (/binder|portfolio|album/.test(name)) return drawBinder(ctx);
  if (/deck (box|case)|boulder|deck vault/.test(name)) return drawDeckBox(ctx);
  if (/toploader|one-touch|card saver|semi-rigid|magnetic holder|holder/.test(name)) return drawToploaders(ctx);
  if (/display|acrylic|case/.test(name)) return drawDisplayCase(ctx);
  return drawSleeves(ctx);
}

const DRAWERS: Record<ProductKind, (ctx: Ctx) => string> = {
  "booster-box": drawBoosterBox,
  "elite-trainer-box": drawEliteTrainerBox,
  "booster-pack": drawBoosterPack,
  "booster-bundle": drawBoosterBundle,
  "collection-box": drawCollectionBox,
  tin: drawTin,
  blister: drawBlister,
  single: drawSingle,
  "graded-slab": drawSlab,
  accessory: drawAccessory,
};

// ---------------------------------------------------------------------------------------------
// Caption
// ---------------------------------------------------------------------------------------------

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

function caption(name: string, colour: string): string {
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

function languageTag(code: string, p: Palette): string {
  const text = code.trim().toUpperCase().slice(0, 8);
  if (!text) return "";
  const w = Math.round(estimateTextWidth(text, 18) + 28);
  return `<g><rect x="24" y="24" width="${w}" height="34" rx="17" fill="${p.deep}" opacity="0.88"/><text x="${24 + w / 2}" y="47" font-family="${FONT}" font-size="18" font-weight="800" letter-spacing="1" fill="#ffffff" text-anchor="middle">${escapeXml(text)}</text></g>`;
}

// ---------------------------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------------------------

/** The artwork of one product as a complete, self-contained SVG document (600×600). */
export function renderProductArt(input: { name: string; kind: ProductKind; languageCode?: string }): string {
  const name = input.name.trim() || "Untitled product";
  const seed = hashString(name);
  // Only accessories take their colour from the name: "Black Bolt" is a set, not a colour.
  const p = paletteFor(seed, input.kind === "accessory" ? name : undefined);
  const id = `nm${seed.toString(36)}`;
  const ctx: Ctx = { p, id, rand: randomFrom(seed), name };
  const drawer = DRAWERS[input.kind] ?? drawBoosterBox;

  const rand = randomFrom(seed ^ 0x9e3779b9);
  const dots: string[] = [];
  for (let i = 0; i < 14; i++) {
    dots.push(sparkle(20 + rand() * 560, 20 + rand() * 420, 4 + rand() * 9, "#ffffff", 0.35 + rand() * 0.45));
  }

  const defs = [
    `<linearGradient id="${id}-bg" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${p.bgTop}"/><stop offset="1" stop-color="${p.bgBottom}"/></linearGradient>`,
    `<radialGradient id="${id}-glow" cx="0.5" cy="0.42" r="0.55"><stop offset="0" stop-color="#ffffff" stop-opacity="0.9"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="${id}-shadow"><stop offset="0" stop-color="#0f172a" stop-opacity="0.35"/><stop offset="1" stop-color="#0f172a" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="${id}-front" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.light}"/><stop offset="0.45" stop-color="${p.base}"/><stop offset="1" stop-color="${p.dark}"/></linearGradient>`,
    `<linearGradient id="${id}-foil" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="0.3" stop-color="#ffffff" stop-opacity="0"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0.3"/><stop offset="0.62" stop-color="#ffffff" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.25"/></linearGradient>`,
    `<radialGradient id="${id}-emblem" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="${p.light}"/><stop offset="1" stop-color="${p.deep}"/></radialGradient>`,
    `<linearGradient id="${id}-sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.light}"/><stop offset="1" stop-color="${p.base}"/></linearGradient>`,
    `<linearGradient id="${id}-holo" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff5f6d" stop-opacity="0.28"/><stop offset="0.2" stop-color="#ffc371" stop-opacity="0.22"/><stop offset="0.4" stop-color="#7cffcb" stop-opacity="0.25"/><stop offset="0.6" stop-color="#5fa8ff" stop-opacity="0.25"/><stop offset="0.8" stop-color="#d66bff" stop-opacity="0.25"/><stop offset="1" stop-color="#ff5f6d" stop-opacity="0.2"/></linearGradient>`,
    `<linearGradient id="${id}-frame" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f1f5f9"/><stop offset="0.5" stop-color="#cbd5e1"/><stop offset="1" stop-color="#f8fafc"/></linearGradient>`,
    `<linearGradient id="${id}-gold" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff1b8"/><stop offset="0.45" stop-color="#d4a72c"/><stop offset="1" stop-color="#fbe38e"/></linearGradient>`,
    `<linearGradient id="${id}-sheen" x1="0" y1="0" x2="1" y2="1"><stop offset="0.25" stop-color="#ffffff" stop-opacity="0"/><stop offset="0.4" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="0.55" stop-color="#ffffff" stop-opacity="0"/></linearGradient>`,
    `<linearGradient id="${id}-glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.45"/><stop offset="0.3" stop-color="#ffffff" stop-opacity="0.08"/><stop offset="0.55" stop-color="#ffffff" stop-opacity="0"/><stop offset="0.7" stop-color="#ffffff" stop-opacity="0.2"/><stop offset="1" stop-color="#ffffff" stop-opacity="0.05"/></linearGradient>`,
    `<linearGradient id="${id}-metal" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${p.deep}"/><stop offset="0.22" stop-color="${p.base}"/><stop offset="0.4" stop-color="${p.light}"/><stop offset="0.55" stop-color="${p.base}"/><stop offset="1" stop-color="${p.deep}"/></linearGradient>`,
    `<radialGradient id="${id}-metal-top" cx="0.4" cy="0.35" r="0.75"><stop offset="0" stop-color="${p.light}"/><stop offset="1" stop-color="${p.dark}"/></radialGradient>`,
    `<linearGradient id="${id}-matte" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.22"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.2"/></linearGradient>`,
  ].join("");

  const title = escapeXml(name);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    `<defs>${defs}</defs>`,
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#${id}-bg)"/>`,
    `<circle cx="300" cy="240" r="260" fill="url(#${id}-glow)"/>`,
    dots.join(""),
    drawer(ctx),
    caption(name, p.deep),
    input.languageCode ? languageTag(input.languageCode, p) : "",
    `</svg>`,
  ].join("");
}

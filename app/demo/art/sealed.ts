/** Drawings of sealed product: boxes, packs, bundles, collections, tins and blisters. Each draws inside y < CAPTION_TOP. */
import type { Ctx } from "./palette";
import { type Box, boxBand, boxFaces, card, emblem, floorShadow, label, pack, sparkle } from "./shapes";
import { pts } from "./svg";

export function drawBoosterBox(ctx: Ctx): string {
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

export function drawEliteTrainerBox(ctx: Ctx): string {
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

export function drawBoosterPack(ctx: Ctx): string {
  const { p } = ctx;
  return [
    floorShadow(300, 428, 170, 20, ctx),
    `<g transform="rotate(9 330 250)" opacity="0.95">${pack(ctx, 250, 62, 176, 350, p.dark, { emblem: false })}</g>`,
    `<g transform="rotate(-5 300 250)">${pack(ctx, 196, 56, 196, 372, p.base)}</g>`,
  ].join("");
}

export function drawBoosterBundle(ctx: Ctx): string {
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

export function drawCollectionBox(ctx: Ctx): string {
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

export function drawTin(ctx: Ctx): string {
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

export function drawBlister(ctx: Ctx): string {
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

/** Drawings of accessories, picked from the product name. Each draws inside y < CAPTION_TOP. */
import type { Ctx } from "./palette";
import { type Box, boxBand, boxFaces, card, emblem, floorShadow, label } from "./shapes";
import { hashString, pts } from "./svg";

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

export function drawAccessory(ctx: Ctx): string {
  const name = ctx.name.toLowerCase();
  if (/binder|portfolio|album/.test(name)) return drawBinder(ctx);
  if (/deck (box|case)|boulder|deck vault/.test(name)) return drawDeckBox(ctx);
  if (/toploader|one-touch|card saver|semi-rigid|magnetic holder|holder/.test(name)) return drawToploaders(ctx);
  if (/display|acrylic|case/.test(name)) return drawDisplayCase(ctx);
  return drawSleeves(ctx);
}

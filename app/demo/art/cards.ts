/** Drawings of single cards and graded slabs. Each draws inside y < CAPTION_TOP. */
import type { Ctx } from "./palette";
import { card, floorShadow, label, sparkle } from "./shapes";
import { FONT, escapeXml, hashString, randomFrom } from "./svg";

function isFullArt(name: string): boolean {
  return /special (illustration|art)|alternate art|alt art|illustration rare|hyper rare|full art|secret|\bSIR\b|\bSAR\b/i.test(name);
}

export function drawSingle(ctx: Ctx): string {
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

export function drawSlab(ctx: Ctx): string {
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

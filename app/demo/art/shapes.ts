/** Shapes shared by the drawings: sparkles, emblems, labels, boxes, booster packs and cards. */
import type { Ctx } from "./palette";
import { FONT, escapeXml, n, pts } from "./svg";

/** A four-pointed sparkle. */
export function sparkle(x: number, y: number, r: number, fill: string, opacity = 1): string {
  const k = r * 0.22;
  const d = `M${n(x)} ${n(y - r)} Q${n(x + k)} ${n(y - k)} ${n(x + r)} ${n(y)} Q${n(x + k)} ${n(y + k)} ${n(x)} ${n(y + r)} Q${n(x - k)} ${n(y + k)} ${n(x - r)} ${n(y)} Q${n(x - k)} ${n(y - k)} ${n(x)} ${n(y - r)}Z`;
  return `<path d="${d}" fill="${fill}" opacity="${opacity}"/>`;
}

/** A generic round emblem (rays, rings and a sparkle); no trademarked logos. */
export function emblem(ctx: Ctx, cx: number, cy: number, r: number): string {
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

export function label(x: number, y: number, text: string, size: number, fill = "#ffffff", anchor = "middle", extra = ""): string {
  return `<text x="${n(x)}" y="${n(y)}" font-family="${FONT}" font-size="${size}" font-weight="800" letter-spacing="${n(size * 0.14)}" fill="${fill}" text-anchor="${anchor}"${extra}>${escapeXml(text)}</text>`;
}

export interface Box {
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
export function boxFaces(b: Box, front: string, top: string, side: string, stroke = "#0f172a"): string {
  const { x, y, w, h, dx, dy } = b;
  return [
    `<polygon points="${pts([[x, y], [x + w, y], [x + w + dx, y + dy], [x + dx, y + dy]])}" fill="${top}" stroke="${stroke}" stroke-opacity="0.25" stroke-width="2" stroke-linejoin="round"/>`,
    `<polygon points="${pts([[x + w, y], [x + w + dx, y + dy], [x + w + dx, y + h + dy], [x + w, y + h]])}" fill="${side}" stroke="${stroke}" stroke-opacity="0.25" stroke-width="2" stroke-linejoin="round"/>`,
    `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${front}" stroke="${stroke}" stroke-opacity="0.25" stroke-width="2"/>`,
  ].join("");
}

/** A band across the front and side faces of a box, from y0 to y1 on the front. */
export function boxBand(b: Box, y0: number, y1: number, front: string, side: string): string {
  const { x, w, dx, dy } = b;
  return (
    `<rect x="${n(x)}" y="${n(y0)}" width="${n(w)}" height="${n(y1 - y0)}" fill="${front}"/>` +
    `<polygon points="${pts([[x + w, y0], [x + w + dx, y0 + dy], [x + w + dx, y1 + dy], [x + w, y1]])}" fill="${side}"/>`
  );
}

export function floorShadow(cx: number, cy: number, rx: number, ry: number, ctx: Ctx): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="url(#${ctx.id}-shadow)"/>`;
}

/** A crimped booster pack with its top-left corner at (x, y). */
export function pack(ctx: Ctx, x: number, y: number, w: number, h: number, fill: string, opts: { emblem?: boolean } = {}): string {
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
export function card(ctx: Ctx, x: number, y: number, w: number, fullArt: boolean, gold = false): string {
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

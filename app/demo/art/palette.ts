/** Colours of one product's artwork, and the context every drawing receives. */
import { hsl } from "./svg";

export interface Palette {
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

export function paletteFor(seed: number, colourName?: string): Palette {
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
export interface Ctx {
  p: Palette;
  id: string;
  rand: () => number;
  name: string;
}

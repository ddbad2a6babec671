// Reading TCGdex data (the REST API's JSON shape, https://tcgdex.dev/reference/set and /card)
// into rows for card_sets and cards. Pure: no database, no files; import.server.ts writes the
// result. Decision 0028 says why TCGdex and why this shape.
import { z } from "zod";
import { CARD_CATEGORIES, CARD_PRINTINGS } from "~/db/schema/cards";

export type CardPrinting = (typeof CARD_PRINTINGS)[number];
export type CardCategory = (typeof CARD_CATEGORIES)[number];

/**
 * A key for ordering printed card numbers, made of [0-9A-Z] only and of fixed width, so it sorts
 * the same under any database collation: group (0 plain number, 1 prefixed number such as "TG01"
 * or "SV107", 2 anything else), prefix (6 letters, right-padded), number (8 digits), suffix
 * ("20A" → "A", 3 characters). So "2" < "10" < "102" < "TG01" < "TG10", and "001" ties with "1".
 */
export function numberSortKey(localNumber: string): string {
  const text = localNumber.trim().toUpperCase();
  const match = /^([A-Z]{0,6})(\d{1,8})([A-Z]{0,3})$/.exec(text);
  if (match) {
    const [, prefix = "", digits = "", suffix = ""] = match;
    return `${prefix ? "1" : "0"}${prefix.padEnd(6, "0")}${digits.padStart(8, "0")}${suffix.padEnd(3, "0")}`;
  }
  // "?" and "!" (Unown), or anything longer: after every numbered card, in rough text order.
  const rest = text.replace(/[^0-9A-Z]/g, "").slice(0, 17);
  return `2${rest.padEnd(17, "0")}`;
}

const TcgdexVariants = z.looseObject({
  normal: z.boolean().optional(),
  reverse: z.boolean().optional(),
  holo: z.boolean().optional(),
  firstEdition: z.boolean().optional(),
});
type TcgdexVariants = z.infer<typeof TcgdexVariants>;

/** TCGdex `variants` → the printings we store, in a fixed order. Flags we do not sell (jumbo, stamps) are ignored. */
export function printingsFromVariants(variants: TcgdexVariants): CardPrinting[] {
  const printings: CardPrinting[] = [];
  if (variants.normal) printings.push("normal");
  if (variants.reverse) printings.push("reverse_holo");
  if (variants.holo) printings.push("holo");
  if (variants.firstEdition) printings.push("first_edition");
  return printings;
}

/** TCGdex's category word, in either spelling ("Pokemon" in English data, "Pokémon" elsewhere). */
export function cardCategory(value: string): CardCategory | null {
  const folded = value.trim().toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");
  if (folded === "pokemon") return "Pokémon";
  if (folded === "trainer") return "Trainer";
  if (folded === "energy") return "Energy";
  return null;
}

/** A name as the REST API gives it (a string) or as the database source does ({ en: "…" }). */
const LocalisedText = z.union(
  [z.string().trim().min(1), z.looseObject({ en: z.string().trim().min(1) }).transform((value) => value.en)],
  { error: (issue) => (issue.input === undefined ? "received undefined" : "must be text (or { \"en\": text })") },
);
const OptionalText = z
  .string()
  .nullish()
  .transform((value) => (value && value.trim() ? value.trim() : null));
const Count = z.number().int().nonnegative();

const TcgdexSetBrief = z.looseObject({
  id: z.string().trim().min(1),
  name: LocalisedText,
  logo: OptionalText,
  symbol: OptionalText,
  cardCount: z.looseObject({ official: Count.nullish(), total: Count.nullish() }).nullish(),
});

const TcgdexCardFields = {
  id: z.string().trim().min(1),
  localId: z.union([z.string().trim().min(1), z.number().int().nonnegative().transform(String)], {
    error: (issue) => (issue.input === undefined ? "received undefined" : "must be the printed number, as text or a whole number"),
  }),
  name: LocalisedText,
  rarity: OptionalText,
  category: z.string().nullish(),
  stage: OptionalText,
  suffix: OptionalText,
  trainerType: OptionalText,
  energyType: OptionalText,
  hp: z
    .union([z.number(), z.string().regex(/^\d+$/).transform(Number)], { error: "must be a whole number" })
    .pipe(z.number({ error: "must be a whole number" }).int("must be a whole number").positive("must be above 0"))
    .nullish(),
  types: z.array(z.string().trim().min(1)).nullish(),
  variants: TcgdexVariants.nullish(),
  illustrator: OptionalText,
  pricing: z
    .looseObject({ cardmarket: z.looseObject({ idProduct: z.number().int().positive().nullish() }).nullish() })
    .nullish(),
};
/** A card inside a set file: its set is the file's set. */
const TcgdexCardInSet = z.looseObject(TcgdexCardFields);
/** A card file: it names its set. */
const TcgdexCard = z.looseObject({ ...TcgdexCardFields, set: TcgdexSetBrief });

const TcgdexSet = TcgdexSetBrief.extend({
  serie: z.looseObject({ id: z.string().nullish(), name: LocalisedText.nullish() }).nullish(),
  releaseDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date written yyyy-mm-dd")
    .nullish(),
  cards: z.array(z.unknown()).nullish(),
});

/** One card_sets row to write. `null` fields are "not in this file": the stored value stays. */
export interface SetRecord {
  tcgdexId: string;
  name: string;
  seriesName: string | null;
  releaseDate: string | null;
  officialCardCount: number | null;
  totalCardCount: number | null;
  symbolUrl: string | null;
  logoUrl: string | null;
}

/** One cards row to write; `null` fields are "not in this file" likewise. */
export interface CardRecord {
  tcgdexId: string;
  localNumber: string;
  numberSort: string;
  name: string;
  rarity: string | null;
  category: CardCategory | null;
  stage: string | null;
  subtypes: string[] | null;
  hp: number | null;
  types: string[] | null;
  printings: CardPrinting[] | null;
  artist: string | null;
  cardmarketProductId: number | null;
}

/** A malformed record (or file): which file, which record, what is wrong. */
export interface ImportProblem {
  file: string;
  /** "card base1-4", "set base1", "record 3", or null for the file as a whole. */
  record: string | null;
  /** The set whose import this problem stops, when known. */
  setId: string | null;
  reason: string;
}

/** Everything read from the input, grouped by set: each set is written in its own transaction. */
export interface ImportPlan {
  sets: Array<{ set: SetRecord; cards: CardRecord[]; files: string[] }>;
  problems: ImportProblem[];
}

export function problemLine(problem: ImportProblem): string {
  return `${problem.file}${problem.record ? `: ${problem.record}` : ""}: ${problem.reason}`;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      const path = issue.path.map(String).join(".");
      const message = issue.message.replace(/^Invalid input: /, "");
      if (!path) return message;
      return /received undefined$/.test(message) ? `${path} is missing` : `${path}: ${message}`;
    })
    .join("; ");
}

function mapSet(set: z.infer<typeof TcgdexSetBrief> & Partial<z.infer<typeof TcgdexSet>>): SetRecord {
  return {
    tcgdexId: set.id,
    name: set.name,
    seriesName: set.serie?.name ?? null,
    releaseDate: set.releaseDate ?? null,
    officialCardCount: set.cardCount?.official ?? null,
    totalCardCount: set.cardCount?.total ?? null,
    symbolUrl: set.symbol,
    logoUrl: set.logo,
  };
}

type ParsedCard = z.infer<typeof TcgdexCardInSet>;

export function mapCard(card: ParsedCard): { card: CardRecord } | { problem: string } {
  let category: CardCategory | null = null;
  if (card.category != null) {
    category = cardCategory(card.category);
    if (!category) return { problem: `category "${card.category}" is not Pokemon, Trainer or Energy` };
  }
  // Only a full card record says what its kinds are; a set's card list (id, localId, name) does not.
  const full = card.category != null;
  const subtypes = [card.suffix, card.trainerType, card.energyType].filter((value): value is string => !!value);
  return {
    card: {
      tcgdexId: card.id,
      localNumber: card.localId,
      numberSort: numberSortKey(card.localId),
      name: card.name,
      rarity: card.rarity,
      category,
      stage: card.stage,
      subtypes: full ? subtypes : null,
      hp: card.hp ?? null,
      types: card.types ?? (full ? [] : null),
      printings: card.variants ? printingsFromVariants(card.variants) : null,
      artist: card.illustrator,
      cardmarketProductId: card.pricing?.cardmarket?.idProduct ?? null,
    },
  };
}

/** Later values win, but a `null` ("not in this file") never erases a value another file gave. */
function merge<T extends object>(older: T, newer: T): T {
  const merged = { ...older };
  for (const [key, value] of Object.entries(newer)) {
    if (value !== null && value !== undefined) (merged as Record<string, unknown>)[key] = value;
  }
  return merged;
}

/**
 * Turns parsed JSON documents (each a set with its cards, a card, or an array of either) into a
 * plan per set. A set with any malformed record is left out whole, with every reason listed, so a
 * bad file never half-writes a set. Records met twice (a set's card list and a card file) merge.
 */
export function planImport(documents: Array<{ file: string; json: unknown }>): ImportPlan {
  const sets = new Map<string, { set: SetRecord; cards: Map<string, CardRecord>; files: Set<string> }>();
  const problems: ImportProblem[] = [];

  const setEntry = (record: SetRecord, file: string) => {
    const existing = sets.get(record.tcgdexId);
    if (existing) {
      existing.set = merge(existing.set, record);
      existing.files.add(file);
      return existing;
    }
    const entry = { set: record, cards: new Map<string, CardRecord>(), files: new Set([file]) };
    sets.set(record.tcgdexId, entry);
    return entry;
  };
  const addCard = (entry: ReturnType<typeof setEntry>, record: CardRecord) => {
    const existing = entry.cards.get(record.tcgdexId);
    entry.cards.set(record.tcgdexId, existing ? merge(existing, record) : record);
  };

  const readRecord = (file: string, value: unknown, label: string | null) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      problems.push({ file, record: label, setId: null, reason: "is not a TCGdex set or card object" });
      return;
    }
    const object = value as Record<string, unknown>;
    const id = typeof object.id === "string" ? object.id : null;
    if ("localId" in object) {
      const parsed = TcgdexCard.safeParse(object);
      const setId = typeof (object.set as { id?: unknown } | undefined)?.id === "string" ? (object.set as { id: string }).id : null;
      const record = id ? `card ${id}` : label;
      if (!parsed.success) {
        problems.push({ file, record, setId, reason: describeIssues(parsed.error) });
        return;
      }
      const mapped = mapCard(parsed.data);
      if ("problem" in mapped) {
        problems.push({ file, record, setId: parsed.data.set.id, reason: mapped.problem });
        return;
      }
      addCard(setEntry(mapSet(parsed.data.set), file), mapped.card);
      return;
    }
    if ("cardCount" in object || "cards" in object || "serie" in object) {
      const parsed = TcgdexSet.safeParse(object);
      if (!parsed.success) {
        problems.push({ file, record: id ? `set ${id}` : label, setId: id, reason: describeIssues(parsed.error) });
        return;
      }
      const entry = setEntry(mapSet(parsed.data), file);
      (parsed.data.cards ?? []).forEach((raw, index) => {
        const cardId = typeof (raw as { id?: unknown })?.id === "string" ? (raw as { id: string }).id : null;
        const record = cardId ? `card ${cardId}` : `set ${parsed.data.id}, card ${index + 1}`;
        const card = TcgdexCardInSet.safeParse(raw);
        if (!card.success) {
          problems.push({ file, record, setId: parsed.data.id, reason: describeIssues(card.error) });
          return;
        }
        const mapped = mapCard(card.data);
        if ("problem" in mapped) problems.push({ file, record, setId: parsed.data.id, reason: mapped.problem });
        else addCard(entry, mapped.card);
      });
      return;
    }
    problems.push({ file, record: id ? `record ${id}` : label, setId: null, reason: "is not a TCGdex set or card object (no localId, cardCount or cards)" });
  };

  for (const { file, json } of documents) {
    if (Array.isArray(json)) json.forEach((value, index) => readRecord(file, value, `record ${index + 1}`));
    else readRecord(file, json, null);
  }

  // Two different cards printed with the same number in one set cannot both be stored.
  for (const [setId, entry] of sets) {
    const byNumber = new Map<string, string>();
    for (const card of entry.cards.values()) {
      const other = byNumber.get(card.localNumber);
      if (other) {
        problems.push({
          file: [...entry.files].join(", "),
          record: `card ${card.tcgdexId}`,
          setId,
          reason: `has number ${card.localNumber}, like card ${other} of the same set`,
        });
      }
      byNumber.set(card.localNumber, card.tcgdexId);
    }
  }

  const refused = new Set(problems.map((problem) => problem.setId).filter((id): id is string => id !== null));
  return {
    sets: [...sets.values()]
      .filter((entry) => !refused.has(entry.set.tcgdexId))
      .map((entry) => ({
        set: entry.set,
        cards: [...entry.cards.values()].sort((a, b) => (a.numberSort < b.numberSort ? -1 : a.numberSort > b.numberSort ? 1 : 0)),
        files: [...entry.files],
      })),
    problems,
  };
}

/**
 * Fills a migrated database with a large shop of singles for the singles bench: card sets and
 * cards shaped like the real ones (about 200 cards a set, three-digit and plain numbers, Trainer
 * Gallery subsets, secret rares past the official count), nearly every card listed as a single
 * with variants by condition × printing and a few graded slabs, plus sealed product. Pokémon
 * names repeat across sets, as they do: "charizard" matches a few hundred singles.
 *
 * Deterministic (a seeded generator): the same options always give the same rows. Rows go in
 * with `INSERT … SELECT FROM unnest(…)` in batches, so ~100,000 variants take seconds.
 */
import type pg from "pg";
import { numberSortKey } from "~/modules/cards/tcgdex";
import { POKEMON, SETS } from "../catalogue/fill";

const SUFFIXES = ["", "", "", " ex", " ex", " V", " VMAX", " VSTAR", " GX"];
/** By position in the set: commons first, rares last, as sets are printed. */
const RARITY_LADDER = ["Common", "Common", "Common", "Uncommon", "Uncommon", "Rare", "Rare Holo", "Double rare"];
const SECRET_RARITIES = ["Illustration rare", "Ultra Rare", "Special illustration rare", "Hyper rare"];
const CONDITIONS = ["nm", "lp", "mp", "hp", "dmg"] as const;
/** Share of NM price per condition, and how often a listed printing has that condition. */
const CONDITION_SHARE = [1, 0.85, 0.7, 0.5, 0.35];
const CONDITION_ODDS = [1, 0.8, 0.5, 0.22, 0.12];
const SEALED = ["Booster Box", "Elite Trainer Box", "Booster Bundle", "Booster Pack", "Premium Collection", "Mini Tin", "Three Booster Blister", "Build & Battle Box"];

/** mulberry32: small, fast, seeded. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FillOptions {
  sets: number;
  /** Share of cards listed as a single. */
  listed: number;
  sealed: number;
}

export interface FilledShop {
  sets: number;
  cards: number;
  singles: number;
  singleVariants: number;
  sealed: number;
  /** Sets and cards the bench queries by (code, alias, name, number, official count). */
  sample: Array<{ code: string; alias: string; setName: string; official: number; number: string; cardName: string }>;
}

async function insertBatches<T>(client: pg.Pool, rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export async function fillSingles(client: pg.Pool, options: FillOptions): Promise<FilledShop> {
  const rnd = random(13);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;

  const { rows: lang } = await client.query<{ id: number }>(
    "INSERT INTO languages (code, name, slug, flag_url, sort_order) VALUES ('bx', 'Bench', 'bench', '/flags/4x3/gb.svg', 99) RETURNING id",
  );
  const { rows: cats } = await client.query<{ id: number }>(
    "INSERT INTO categories (name, slug, language_id) VALUES ('Bench Singles', 'bench-singles', $1), ('Bench Sealed', 'bench-sealed', $1) RETURNING id",
    [lang[0]!.id],
  );
  const [singlesCategory, sealedCategory] = [cats[0]!.id, cats[1]!.id];

  // ---- Sets ----
  const sets = Array.from({ length: options.sets }, (_, i) => {
    const round = Math.floor(i / SETS.length);
    const name = round === 0 ? SETS[i]! : `${SETS[i % SETS.length]} ${round + 1}`;
    const official = 160 + Math.floor(rnd() * 70);
    return {
      code: `bx${String(i + 1).padStart(3, "0")}`,
      alias: `bx${i + 1}pt5`,
      name,
      series: `Series ${Math.floor(i / 12) + 1}`,
      // About one set every two months from 1999 on.
      released: new Date(Date.UTC(1999, 0, 9) + i * 61 * 86_400_000).toISOString().slice(0, 10),
      official,
      secret: 5 + Math.floor(rnd() * 20),
      gallery: i % 3 === 2 ? 20 : 0,
      padded: i >= options.sets / 2, // newer sets print "006", older ones "6"
    };
  });
  const { rows: setRows } = await client.query<{ id: number; code: string }>(
    `INSERT INTO card_sets (code, name, series_name, release_date, official_card_count, total_card_count, aliases, tcgdex_id)
     SELECT code, name, series, released::date, official, total, ARRAY[alias], code
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::int[], $7::text[]) AS t(code, name, series, released, official, total, alias)
     RETURNING id, code`,
    [
      sets.map((s) => s.code),
      sets.map((s) => s.name),
      sets.map((s) => s.series),
      sets.map((s) => s.released),
      sets.map((s) => s.official),
      sets.map((s) => s.official + s.secret + s.gallery),
      sets.map((s) => s.alias),
    ],
  );
  const setId = new Map(setRows.map((r) => [r.code, r.id]));

  // ---- Cards ----
  interface Card {
    setCode: string;
    number: string;
    name: string;
    rarity: string;
    holo: boolean;
    value: number;
  }
  const cards: Card[] = [];
  for (const set of sets) {
    const numbers: Array<{ number: string; rarity: string; value: number; holo: boolean }> = [];
    for (let n = 1; n <= set.official; n++) {
      const rarity = RARITY_LADDER[Math.min(RARITY_LADDER.length - 1, Math.floor((n / set.official) * RARITY_LADDER.length))]!;
      const value = rarity === "Common" ? 10 + rnd() * 40 : rarity === "Uncommon" ? 20 + rnd() * 80 : rarity === "Rare" ? 50 + rnd() * 300 : 200 + rnd() * 3000;
      numbers.push({ number: set.padded ? String(n).padStart(3, "0") : String(n), rarity, value, holo: rarity.includes("Holo") || rarity.includes("rare") });
    }
    for (let n = set.official + 1; n <= set.official + set.secret; n++) {
      numbers.push({ number: String(n), rarity: pick(SECRET_RARITIES), value: 1000 + rnd() * 30000, holo: true });
    }
    for (let n = 1; n <= set.gallery; n++) {
      numbers.push({ number: `TG${String(n).padStart(2, "0")}`, rarity: "Rare Holo", value: 300 + rnd() * 3000, holo: true });
    }
    for (const entry of numbers) cards.push({ setCode: set.code, ...entry, name: `${pick(POKEMON)}${pick(SUFFIXES)}` });
  }
  const cardIds: number[] = [];
  await insertBatches(client, cards, 5000, async (batch) => {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO cards (set_id, local_number, number_sort, name, rarity, category, printings, tcgdex_id)
       SELECT set_id, num, sort, name, rarity, 'Pokémon', printings, tcgdex
       FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) AS t(set_id, num, sort, name, rarity, tcgdex, printings_text)
       CROSS JOIN LATERAL (SELECT string_to_array(printings_text, ',') AS printings) p
       RETURNING id`,
      [
        batch.map((c) => setId.get(c.setCode)!),
        batch.map((c) => c.number),
        batch.map((c) => numberSortKey(c.number)),
        batch.map((c) => c.name),
        batch.map((c) => c.rarity),
        batch.map((c) => `${c.setCode}-${c.number}`),
        batch.map((c) => (c.holo ? "holo,reverse_holo" : "normal,reverse_holo")),
      ],
    );
    cardIds.push(...rows.map((r) => r.id));
  });

  // ---- Singles and their variants ----
  const setOf = new Map(sets.map((s) => [s.code, s]));
  const singles: Array<{ cardId: number; name: string; slug: string; visible: boolean; card: Card }> = [];
  cards.forEach((card, i) => {
    if (rnd() >= options.listed) return;
    const set = setOf.get(card.setCode)!;
    const label = /^\d+$/.test(card.number) ? `${card.number}/${set.official}` : card.number;
    singles.push({
      cardId: cardIds[i]!,
      name: `${card.name} ${label} · ${set.name}`,
      slug: `${card.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${set.code}-${card.number.toLowerCase()}`,
      visible: rnd() >= 0.02,
      card,
    });
  });
  const productIds: number[] = [];
  await insertBatches(client, singles, 5000, async (batch) => {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO products (name, slug, kind, card_id, category_id, is_visible, created_at)
       SELECT name, slug, 'single', card_id, $5, visible, now() - (n || ' minutes')::interval
       FROM unnest($1::text[], $2::text[], $3::int[], $4::bool[]) WITH ORDINALITY AS t(name, slug, card_id, visible, n)
       RETURNING id`,
      [batch.map((s) => s.name), batch.map((s) => s.slug), batch.map((s) => s.cardId), batch.map((s) => s.visible), singlesCategory],
    );
    productIds.push(...rows.map((r) => r.id));
  });

  interface Variant {
    productId: number;
    condition: string | null;
    printing: string | null;
    grader: string | null;
    grade: string | null;
    price: number;
    premium: number | null;
    stock: number;
  }
  const variants: Variant[] = [];
  const price = (pence: number) => Math.max(10, Math.round(pence / 10) * 10 - 1);
  singles.forEach((single, i) => {
    const productId = productIds[i]!;
    const printings = [single.card.holo ? "holo" : "normal", ...(rnd() < 0.4 ? ["reverse_holo"] : [])];
    for (const printing of printings) {
      const base = single.card.value * (printing === "reverse_holo" ? 1.4 : 1);
      CONDITIONS.forEach((condition, c) => {
        if (rnd() >= CONDITION_ODDS[c]!) return;
        const p = price(base * CONDITION_SHARE[c]!);
        variants.push({
          productId,
          condition,
          printing,
          grader: null,
          grade: null,
          price: p,
          premium: rnd() < 0.3 ? Math.floor(p * 0.95) : null,
          stock: rnd() < 0.7 ? 1 + Math.floor(rnd() * 8) : 0,
        });
      });
    }
    if (single.card.value > 1000 && rnd() < 0.5) {
      const p = price(single.card.value * 3);
      variants.push({ productId, condition: null, printing: null, grader: pick(["psa", "bgs", "cgc"]), grade: pick(["10", "9.5", "9"]), price: p, premium: null, stock: rnd() < 0.6 ? 1 : 0 });
    }
  });
  await insertBatches(client, variants, 10_000, (batch) =>
    client.query(
      `INSERT INTO product_variants (product_id, condition, printing, language, grader, grade, price, premium_price, stock)
       SELECT product_id, condition, printing, CASE WHEN grader IS NULL THEN 'en' END, grader, grade, price, premium, stock
       FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::int[], $8::int[])
            AS t(product_id, condition, printing, grader, grade, price, premium, stock)`,
      [
        batch.map((v) => v.productId),
        batch.map((v) => v.condition),
        batch.map((v) => v.printing),
        batch.map((v) => v.grader),
        batch.map((v) => v.grade),
        batch.map((v) => v.price),
        batch.map((v) => v.premium),
        batch.map((v) => v.stock),
      ],
    ),
  );

  // ---- Sealed product, one variant each ----
  const sealed = Array.from({ length: options.sealed }, (_, i) => {
    const set = sets[i % sets.length]!;
    const kind = SEALED[Math.floor(i / sets.length) % SEALED.length]!;
    const edition = Math.floor(i / (sets.length * SEALED.length));
    return { name: `${set.name} ${kind}${edition > 0 ? ` (print run ${edition + 1})` : ""}`, slug: `bench-sealed-${i}`, price: price(300 + rnd() * 20000), stock: rnd() < 0.8 ? Math.floor(rnd() * 30) : 0 };
  });
  await insertBatches(client, sealed, 5000, (batch) =>
    client.query(
      `WITH p AS (
         INSERT INTO products (name, slug, kind, category_id)
         SELECT name, slug, 'sealed', $5 FROM unnest($1::text[], $2::text[]) AS t(name, slug)
         RETURNING id, slug
       )
       INSERT INTO product_variants (product_id, price, stock)
       SELECT p.id, t.price, t.stock FROM p JOIN unnest($2::text[], $3::int[], $4::int[]) AS t(slug, price, stock) ON t.slug = p.slug`,
      [batch.map((s) => s.name), batch.map((s) => s.slug), batch.map((s) => s.price), batch.map((s) => s.stock), sealedCategory],
    ),
  );

  // Cards the bench asks for by number: listed, visible singles spread over the sets.
  const sample = singles
    .filter((s, i) => s.visible && i % 997 === 0)
    .map((s) => {
      const set = setOf.get(s.card.setCode)!;
      return { code: set.code, alias: set.alias, setName: set.name, official: set.official, number: s.card.number, cardName: s.card.name };
    });
  return { sets: sets.length, cards: cards.length, singles: singles.length, singleVariants: variants.length, sealed: sealed.length, sample };
}

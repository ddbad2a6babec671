/**
 * Fills a migrated database with a large, realistic-looking catalogue for the catalogue bench.
 * A few INSERT ... SELECT generate_series statements, so 100,000 products take seconds, not minutes.
 *
 * Names come from a vocabulary shaped like a real trading-card shop's stock: mostly singles
 * ("Charizard ex 199/165 Obsidian Flames Special Illustration Rare"), some graded slabs, sealed
 * product per set and accessories. Word frequencies therefore look like a real shop's: "booster"
 * or "rare" match thousands of rows, a Pokémon name a few hundred, a card number a handful.
 *
 * What is sold is a variant (issue 13): a single is a card (one card set per set name, one card
 * per product) with one to four raw conditions in one printing and language; a graded slab is a
 * card with one grader × grade variant; sealed product and accessories have one variant with no
 * attributes. About 100,000 products make about 170,000 variants.
 */
import type pg from "pg";

export const POKEMON = [
  "Charizard", "Pikachu", "Umbreon", "Sylveon", "Espeon", "Mew", "Mewtwo", "Giratina", "Rayquaza", "Lugia",
  "Greninja", "Terapagos", "Latias", "Latios", "Magikarp", "Gyarados", "Charmander", "Bulbasaur", "Squirtle",
  "Eevee", "Vaporeon", "Jolteon", "Flareon", "Leafeon", "Glaceon", "Gengar", "Gardevoir", "Lucario", "Blastoise",
  "Venusaur", "Dragonite", "Snorlax", "Arceus", "Dialga", "Palkia", "Zekrom", "Reshiram", "Kyurem", "Necrozma",
  "Solgaleo", "Lunala", "Zacian", "Zamazenta", "Eternatus", "Koraidon", "Miraidon", "Iono", "Penny", "Arven",
  "Nemona", "Roaring Moon", "Iron Valiant", "Chien-Pao", "Chi-Yu", "Ting-Lu", "Wo-Chien", "Ogerpon", "Pecharunt",
  "Dragapult", "Hydreigon", "Tyranitar", "Metagross", "Salamence", "Garchomp", "Alakazam", "Machamp", "Golem",
  "Ninetales", "Arcanine", "Lapras", "Ditto", "Jigglypuff", "Clefairy", "Psyduck", "Slowpoke", "Cubone", "Mimikyu",
  "Lycanroc", "Toxtricity", "Corviknight", "Dragonair", "Suicune", "Entei", "Raikou", "Ho-Oh", "Celebi", "Jirachi",
  "Deoxys", "Darkrai", "Shaymin", "Victini", "Keldeo", "Meloetta", "Genesect", "Xerneas", "Yveltal", "Zygarde",
  "Diancie", "Hoopa", "Volcanion", "Marshadow", "Zeraora", "Meltan", "Melmetal", "Zarude", "Calyrex", "Enamorus",
  "Kleavor", "Wyrdeer", "Hisuian Zoroark", "Zoroark", "Braixen", "Delphox", "Chandelure", "Haunter", "Gastly",
  "Pichu", "Raichu", "Togepi", "Togekiss", "Ampharos", "Scizor", "Heracross", "Houndoom", "Kingdra", "Milotic",
];

export const SETS = [
  "Base Set", "Jungle", "Fossil", "Team Rocket", "Neo Genesis", "Neo Destiny", "Aquapolis", "Skyridge",
  "Evolving Skies", "Fusion Strike", "Brilliant Stars", "Astral Radiance", "Lost Origin", "Silver Tempest",
  "Crown Zenith", "Celebrations", "Shining Fates", "Hidden Fates", "Cosmic Eclipse", "Unified Minds",
  "Scarlet & Violet", "Paldea Evolved", "Obsidian Flames", "Scarlet & Violet 151", "Paradox Rift",
  "Paldean Fates", "Temporal Forces", "Twilight Masquerade", "Shrouded Fable", "Stellar Crown",
  "Surging Sparks", "Prismatic Evolutions", "Journey Together", "Destined Rivals", "Black Bolt", "White Flare",
  "Mega Evolution", "Phantasmal Flames", "Terastal Festival", "Cyber Judge", "Wild Force", "Battle Partners",
];

const VARIANTS = ["", " ex", " ex", " V", " VMAX", " VSTAR", " GX", " EX", " Holo", " Reverse Holo"];
const RARITIES = [
  "Special Illustration Rare", "Illustration Rare", "Hyper Rare", "Ultra Rare", "Double Rare", "Alternate Art",
  "Full Art", "Secret Rare", "Holo Rare", "Rare", "Uncommon", "Common", "Shiny Rare", "Trainer Gallery",
];
const GRADES = ["PSA 10", "PSA 9", "PSA 8", "CGC 10", "CGC 9.5", "BGS 9.5", "BGS 10 Black Label", "ACE 10"];
/** [name suffix, category kind] for sealed product. */
const SEALED = [
  ["Booster Box", "booster-box"], ["Booster Box (36 packs)", "booster-box"], ["Elite Trainer Box", "elite-trainer-box"],
  ["Pokémon Center Elite Trainer Box", "elite-trainer-box"], ["Booster Bundle", "booster-bundle"],
  ["Booster Pack", "booster-pack"], ["Sleeved Booster Pack", "booster-pack"], ["Premium Collection", "collection-box"],
  ["Ultra-Premium Collection", "collection-box"], ["Binder Collection", "collection-box"], ["Mini Tin", "tin"],
  ["Three Booster Blister", "blister"], ["Checklane Blister", "blister"], ["Build & Battle Box", "collection-box"],
] as const;
const ACCESSORIES = [
  "Ultra PRO Matte Sleeves (100)", "Dragon Shield Matte Sleeves (100)", "KMC Perfect Fit Inner Sleeves (100)",
  "Toploaders (25)", "Magnetic One-Touch Holder 35pt", "Ultra PRO 9-Pocket Portfolio", "Vault X Binder",
  "Dragon Shield Deck Box", "Ultimate Guard Boulder Deck Case", "Acrylic Booster Box Display Case",
  "Graded Card Slab Display Case", "Playmat",
];
const COLOURS = ["Black", "White", "Red", "Blue", "Pacific Blue", "Green", "Purple", "Gold", "Clear", "Pink", "Orange", "Jet"];

/**
 * Inserts `count` products (after the demo catalogue, whose languages and categories they use),
 * their cards and sets, and their variants. Deterministic: the same count always gives the same
 * rows. Returns the number of products inserted.
 */
export async function fillProducts(client: pg.Pool | pg.Client, count: number): Promise<number> {
  // The rows are worked out once into a scratch table (not a temporary one: a pool may run the
  // next statement on another connection), then cards, products and variants are made from it.
  await client.query("DROP TABLE IF EXISTS bench_fill_rows");
  // h(n) is a deterministic pseudo-random non-negative integer per row and purpose.
  await client.query(
    `
    CREATE UNLOGGED TABLE bench_fill_rows AS
    WITH v AS (
      SELECT $2::text[] AS pokemon, $3::text[] AS sets, $4::text[] AS variants, $5::text[] AS rarities,
             $6::text[] AS grades, $7::text[] AS sealed_names, $8::text[] AS sealed_kinds,
             $9::text[] AS accessories, $10::text[] AS colours
    ),
    rows AS (
      SELECT i,
             abs(hashint4(i)) % 100 AS shape,
             abs(hashint4(i * 7 + 1)) AS h1, abs(hashint4(i * 7 + 2)) AS h2, abs(hashint4(i * 7 + 3)) AS h3,
             abs(hashint4(i * 7 + 4)) AS h4, abs(hashint4(i * 7 + 5)) AS h5, abs(hashint4(i * 7 + 6)) AS h6
      FROM generate_series(1, $1::int) AS i
    ),
    named AS (
      SELECT r.*,
        v.pokemon[1 + r.h1 % cardinality(v.pokemon)] || v.variants[1 + r.h2 % cardinality(v.variants)] AS card,
        lpad((1 + r.h3 % 260)::text, 3, '0') || '/' || lpad((60 + r.h4 % 150)::text, 3, '0') AS number,
        1 + r.h5 % cardinality(v.sets) AS set_ix,
        v.sets[1 + r.h5 % cardinality(v.sets)] AS set_name,
        v.rarities[1 + r.h6 % cardinality(v.rarities)] AS rarity,
        1 + r.h2 % cardinality(v.grades) AS grade_ix,
        1 + r.h3 % cardinality(v.sealed_names) AS sealed_ix,
        v.accessories[1 + r.h1 % cardinality(v.accessories)] || ' – ' || v.colours[1 + r.h4 % cardinality(v.colours)] AS accessory,
        CASE WHEN r.h6 % 4 = 0 THEN 'ja' ELSE 'en' END AS lang
      FROM rows r, v
    ),
    shaped AS (
      SELECT n.i, n.shape, n.h1, n.h2, n.h3, n.h4, n.card, n.set_ix, n.rarity, n.lang,
        v.grades[n.grade_ix] AS grade_name,
        CASE
          WHEN n.shape < 65 THEN n.card || ' ' || n.number || ' ' || n.set_name || ' ' || n.rarity
          WHEN n.shape < 77 THEN v.grades[n.grade_ix] || ' ' || n.card || ' ' || n.number || ' ' || n.set_name
          WHEN n.shape < 95 THEN n.set_name || ' ' || v.sealed_names[n.sealed_ix] || CASE WHEN n.lang = 'ja' THEN ' (Japanese)' ELSE '' END
          ELSE n.accessory
        END AS name,
        CASE
          WHEN n.shape < 65 THEN n.lang || '-singles'
          WHEN n.shape < 77 THEN n.lang || '-slabs'
          WHEN n.shape < 95 THEN n.lang || '-' || v.sealed_kinds[n.sealed_ix]
          ELSE 'accessory'
        END AS bucket
      FROM named n, v
    ),
    cat AS (
      -- Map each bucket onto a demo category; Japanese sealed kinds without a category of their own
      -- fall back to the Japanese booster boxes.
      SELECT b.bucket, c.id
      FROM (VALUES
        ('en-singles', 'english-singles'), ('ja-singles', 'japanese-singles'),
        -- Slabs are singles too (the demo has no slab categories since issue 13).
        ('en-slabs', 'english-singles'), ('ja-slabs', 'japanese-singles'),
        ('en-booster-box', 'english-booster-boxes'), ('en-elite-trainer-box', 'english-elite-trainer-boxes'),
        ('en-booster-bundle', 'english-booster-bundles'), ('en-booster-pack', 'english-booster-packs'),
        ('en-collection-box', 'english-collection-boxes'), ('en-tin', 'english-tins'), ('en-blister', 'english-blisters'),
        ('ja-booster-box', 'japanese-booster-boxes'), ('ja-booster-pack', 'japanese-booster-packs'),
        ('ja-elite-trainer-box', 'japanese-booster-boxes'), ('ja-booster-bundle', 'japanese-booster-boxes'),
        ('ja-collection-box', 'japanese-booster-boxes'), ('ja-tin', 'japanese-booster-boxes'),
        ('ja-blister', 'japanese-booster-boxes'), ('accessory', 'accessories')
      ) AS b(bucket, slug)
      JOIN categories c ON c.slug = b.slug
    ),
    kinds AS (
      SELECT * FROM (VALUES
        ('english-singles', 'single'), ('japanese-singles', 'single'), ('english-booster-boxes', 'booster-box'),
        ('english-elite-trainer-boxes', 'elite-trainer-box'), ('english-booster-bundles', 'booster-bundle'),
        ('english-booster-packs', 'booster-pack'), ('english-collection-boxes', 'collection-box'),
        ('english-tins', 'tin'), ('english-blisters', 'blister'), ('japanese-booster-boxes', 'booster-box'),
        ('japanese-booster-packs', 'booster-pack'), ('accessories', 'accessory')
      ) AS k(slug, kind)
    )
    SELECT s.*, cat.id AS category_id, CASE WHEN s.bucket LIKE '%-slabs' THEN 'graded-slab' ELSE k.kind END AS art_kind,
           slug.value AS slug, 99 + (s.h1 % 400) * 100 AS price
    FROM shaped s
    JOIN cat ON cat.bucket = s.bucket
    JOIN categories c ON c.id = cat.id
    JOIN kinds k ON k.slug = c.slug
    CROSS JOIN LATERAL (SELECT 'bench-' || s.i || '-' ||
        trim(both '-' FROM regexp_replace(lower(replace(s.name, '&', 'and')), '[^a-z0-9]+', '-', 'g')) AS value) AS slug
    `,
    [
      count,
      POKEMON,
      SETS,
      VARIANTS,
      RARITIES,
      GRADES,
      SEALED.map(([name]) => name),
      SEALED.map(([, kind]) => kind),
      ACCESSORIES,
      COLOURS,
    ],
  );
  try {
    // One card set per set name, one card per single or slab (a product sells one card).
    await client.query(
      `INSERT INTO card_sets (code, name, series_name, official_card_count, total_card_count, tcgdex_id)
       SELECT 'bench-' || ord, name, 'Bench', 200, 260, 'bench-' || ord FROM unnest($1::text[]) WITH ORDINALITY AS s(name, ord)`,
      [SETS],
    );
    await client.query(
      `INSERT INTO cards (set_id, local_number, number_sort, name, rarity, category, tcgdex_id)
       SELECT cs.id, r.i::text, lpad(r.i::text, 8, '0'), r.card, r.rarity, 'Pokémon', 'bench-' || r.i
       FROM bench_fill_rows r JOIN card_sets cs ON cs.code = 'bench-' || r.set_ix
       WHERE r.shape < 77`,
    );
    const products = await client.query(
      `INSERT INTO products (name, slug, kind, card_id, image_url, limit_per_customer, description, is_visible, category_id, created_at, updated_at)
       SELECT r.name, r.slug, CASE WHEN c.id IS NULL THEN 'sealed' ELSE 'single' END, c.id,
              '/images/art/' || r.art_kind || '/' || r.slug || '.svg',
              CASE WHEN r.h3 % 4 = 0 THEN 1 + r.h2 % 4 END,
              CASE WHEN r.h1 % 5 = 0 THEN NULL ELSE r.name || '. Shipped in a protective mailer.' END,
              r.h4 % 50 <> 7,
              r.category_id,
              now() - (r.h2 % 1000) * interval '1 day' - (r.i % 86400) * interval '1 second',
              now()
       FROM bench_fill_rows r LEFT JOIN cards c ON c.tcgdex_id = 'bench-' || r.i`,
    );
    // Variants. A tenth of products is out of stock in every variant; otherwise each variant has
    // 0–11 units. A third have member prices, 90–95 % of the normal price.
    await client.query(
      `INSERT INTO product_variants (product_id, condition, printing, language, grader, grade, price, premium_price, stock)
       SELECT p.id, v.condition, v.printing, v.language, v.grader, v.grade, v.price,
              CASE WHEN r.h2 % 3 = 0 THEN v.price * (90 + r.h3 % 6) / 100 END,
              CASE WHEN r.h4 % 10 = 0 THEN 0 ELSE (r.h1 + v.k * 7) % 12 END
       FROM bench_fill_rows r
       JOIN products p ON p.slug = r.slug
       CROSS JOIN LATERAL (
         -- Singles: the first one to four conditions (NM, LP, MP, HP), priced down from NM.
         SELECT k, cond AS condition,
                (ARRAY['normal', 'holo', 'reverse_holo'])[1 + r.h3 % 3] AS printing, r.lang AS language,
                NULL::text AS grader, NULL::text AS grade,
                r.price * (ARRAY[100, 85, 70, 50])[k] / 100 AS price
         FROM unnest(ARRAY['nm', 'lp', 'mp', 'hp']) WITH ORDINALITY AS c(cond, k)
         WHERE r.shape < 65 AND k <= 1 + r.h4 % 4
         UNION ALL
         -- Slabs: their grader and grade ("PSA 10", "BGS 10 Black Label" → bgs 10).
         SELECT 1, NULL, NULL, NULL, lower(split_part(r.grade_name, ' ', 1)), split_part(r.grade_name, ' ', 2), r.price * 3
         WHERE r.shape >= 65 AND r.shape < 77
         UNION ALL
         -- Sealed product and accessories: one variant, no attributes.
         SELECT 1, NULL, NULL, NULL, NULL, NULL, r.price
         WHERE r.shape >= 77
       ) AS v`,
    );
    // Every stock has its opening row in the stock ledger, as the shop's own listings write it.
    await client.query(
      `INSERT INTO stock_movements (variant_id, delta, stock_after, reason, note)
       SELECT v.id, v.stock, v.stock, 'opening', 'bench fill'
       FROM product_variants v JOIN products p ON p.id = v.product_id
       WHERE p.slug LIKE 'bench-%' AND v.stock <> 0`,
    );
    return products.rowCount ?? 0;
  } finally {
    await client.query("DROP TABLE IF EXISTS bench_fill_rows");
  }
}

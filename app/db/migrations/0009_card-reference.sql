CREATE TABLE "card_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"series_name" text,
	"release_date" date,
	"official_card_count" integer,
	"total_card_count" integer,
	"symbol_url" text,
	"logo_url" text,
	"tcgdex_id" text NOT NULL,
	"cardmarket_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_sets_code_unique" UNIQUE("code"),
	CONSTRAINT "card_sets_tcgdexId_unique" UNIQUE("tcgdex_id"),
	CONSTRAINT "card_sets_counts_nonneg" CHECK (("card_sets"."official_card_count" IS NULL OR "card_sets"."official_card_count" >= 0) AND ("card_sets"."total_card_count" IS NULL OR "card_sets"."total_card_count" >= 0))
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"set_id" integer NOT NULL,
	"local_number" text NOT NULL,
	"number_sort" text NOT NULL,
	"name" text NOT NULL,
	"rarity" text,
	"category" text,
	"stage" text,
	"subtypes" text[] DEFAULT '{}'::text[] NOT NULL,
	"hp" integer,
	"types" text[] DEFAULT '{}'::text[] NOT NULL,
	"printings" text[],
	"artist" text,
	"tcgdex_id" text NOT NULL,
	"cardmarket_product_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_name" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', translate("name", 'àáâäãåçèéêëìíîïñòóôöõùúûüýÿÀÁÂÄÃÅÇÈÉÊËÌÍÎÏÑÒÓÔÖÕÙÚÛÜÝ', 'aaaaaaceeeeiiiinooooouuuuyyAAAAAACEEEEIIIINOOOOOUUUUY'))) STORED,
	CONSTRAINT "cards_tcgdexId_unique" UNIQUE("tcgdex_id"),
	CONSTRAINT "cards_set_number_unique" UNIQUE("set_id","local_number"),
	CONSTRAINT "cards_hp_positive" CHECK ("cards"."hp" IS NULL OR "cards"."hp" > 0),
	CONSTRAINT "cards_category_valid" CHECK ("cards"."category" IS NULL OR "cards"."category" IN ('Pokémon', 'Trainer', 'Energy')),
	CONSTRAINT "cards_printings_valid" CHECK ("cards"."printings" IS NULL OR "cards"."printings" <@ ARRAY['normal', 'reverse_holo', 'holo', 'first_edition']::text[])
);
--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_set_id_card_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."card_sets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cards_set_number_sort_idx" ON "cards" USING btree ("set_id","number_sort");--> statement-breakpoint
CREATE INDEX "cards_local_number_idx" ON "cards" USING btree ("local_number");--> statement-breakpoint
CREATE INDEX "cards_search_name_idx" ON "cards" USING gin ("search_name");--> statement-breakpoint
CREATE INDEX "cards_cardmarket_product_idx" ON "cards" USING btree ("cardmarket_product_id");
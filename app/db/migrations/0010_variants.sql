CREATE TABLE "product_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"condition" text,
	"printing" text,
	"language" text,
	"grader" text,
	"grade" text,
	"price" integer NOT NULL,
	"premium_price" integer,
	"stock" integer DEFAULT 0 NOT NULL,
	"limit_per_customer" integer,
	"price_pinned" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_attributes_uq" UNIQUE NULLS NOT DISTINCT("product_id","condition","printing","language","grader","grade"),
	CONSTRAINT "product_variants_price_nonneg" CHECK ("product_variants"."price" >= 0),
	CONSTRAINT "product_variants_premium_price_range" CHECK ("product_variants"."premium_price" IS NULL OR ("product_variants"."premium_price" >= 0 AND "product_variants"."premium_price" <= "product_variants"."price")),
	CONSTRAINT "product_variants_stock_nonneg" CHECK ("product_variants"."stock" >= 0),
	CONSTRAINT "product_variants_limit_positive" CHECK ("product_variants"."limit_per_customer" IS NULL OR "product_variants"."limit_per_customer" > 0),
	CONSTRAINT "product_variants_condition_valid" CHECK ("product_variants"."condition" IS NULL OR "product_variants"."condition" IN ('nm', 'lp', 'mp', 'hp', 'dmg')),
	CONSTRAINT "product_variants_printing_valid" CHECK ("product_variants"."printing" IS NULL OR "product_variants"."printing" IN ('normal', 'reverse_holo', 'holo', 'first_edition')),
	CONSTRAINT "product_variants_language_valid" CHECK ("product_variants"."language" IS NULL OR "product_variants"."language" ~ '^[a-z]{2}(-[a-z]{2})?$'),
	CONSTRAINT "product_variants_grader_valid" CHECK ("product_variants"."grader" IS NULL OR "product_variants"."grader" IN ('psa', 'bgs', 'cgc', 'ace', 'sgc', 'tag')),
	CONSTRAINT "product_variants_grade_valid" CHECK ("product_variants"."grade" IS NULL OR "product_variants"."grade" ~ '^(10|[1-9]([.]5)?)$'),
	CONSTRAINT "product_variants_graded_pair" CHECK (("product_variants"."grader" IS NULL) = ("product_variants"."grade" IS NULL)),
	CONSTRAINT "product_variants_raw_or_graded" CHECK ("product_variants"."grader" IS NULL OR "product_variants"."condition" IS NULL)
);
--> statement-breakpoint
CREATE TABLE "market_price_guides" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"file_name" text NOT NULL,
	"row_count" integer NOT NULL,
	"matched_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_prices" (
	"guide_id" integer NOT NULL,
	"cardmarket_product_id" integer NOT NULL,
	"avg" integer,
	"low" integer,
	"trend" integer,
	"avg1" integer,
	"avg7" integer,
	"avg30" integer,
	"avg_holo" integer,
	"low_holo" integer,
	"trend_holo" integer,
	"avg1_holo" integer,
	"avg7_holo" integer,
	"avg30_holo" integer,
	CONSTRAINT "market_prices_guide_id_cardmarket_product_id_pk" PRIMARY KEY("guide_id","cardmarket_product_id")
);
--> statement-breakpoint
CREATE TABLE "pricing_rules" (
	"id" integer PRIMARY KEY NOT NULL,
	"rules" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "pricing_rules_single_row" CHECK ("pricing_rules"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "repricing_changes" (
	"run_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"old_price" integer NOT NULL,
	"new_price" integer NOT NULL,
	"old_premium_price" integer,
	"new_premium_price" integer,
	CONSTRAINT "repricing_changes_run_id_variant_id_pk" PRIMARY KEY("run_id","variant_id")
);
--> statement-breakpoint
CREATE TABLE "repricing_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_by" uuid,
	"guide_id" integer,
	"rules" jsonb NOT NULL,
	"changed_count" integer NOT NULL,
	"skipped_held_count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "variant_id" integer;--> statement-breakpoint
ALTER TABLE "card_sets" ADD COLUMN "aliases" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "kind" text DEFAULT 'sealed' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "card_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_label" text;--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD COLUMN "variant_id" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_prices" ADD CONSTRAINT "market_prices_guide_id_market_price_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."market_price_guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_rules" ADD CONSTRAINT "pricing_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repricing_changes" ADD CONSTRAINT "repricing_changes_run_id_repricing_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."repricing_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repricing_changes" ADD CONSTRAINT "repricing_changes_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repricing_runs" ADD CONSTRAINT "repricing_runs_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repricing_runs" ADD CONSTRAINT "repricing_runs_guide_id_market_price_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."market_price_guides"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_variants_product_stock_idx" ON "product_variants" USING btree ("product_id","stock","price");--> statement-breakpoint
CREATE INDEX "market_prices_product_idx" ON "market_prices" USING btree ("cardmarket_product_id","guide_id");--> statement-breakpoint
CREATE INDEX "repricing_changes_variant_idx" ON "repricing_changes" USING btree ("variant_id");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD CONSTRAINT "stock_reservations_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "products_card_uq" ON "products" USING btree ("card_id") WHERE "products"."card_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "order_items_variant_idx" ON "order_items" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "stock_reservations_held_variant_idx" ON "stock_reservations" USING btree ("variant_id") WHERE "stock_reservations"."status" = 'held';--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_kind_valid" CHECK (("products"."kind" = 'sealed' AND "products"."card_id" IS NULL) OR ("products"."kind" = 'single' AND "products"."card_id" IS NOT NULL));--> statement-breakpoint
-- Every existing product becomes a sealed product with one variant carrying its price, member
-- price and stock; carts, order lines and reservations then point at that variant (the next
-- migration drops the product-level columns and makes the variant columns required).
INSERT INTO "product_variants" ("product_id", "price", "premium_price", "stock", "created_at", "updated_at")
SELECT "id", "price", "premium_price", "stock", "created_at", "updated_at" FROM "products" ORDER BY "id";--> statement-breakpoint
UPDATE "cart_items" SET "variant_id" = v."id" FROM "product_variants" v WHERE v."product_id" = "cart_items"."product_id";--> statement-breakpoint
UPDATE "order_items" SET "variant_id" = v."id" FROM "product_variants" v WHERE v."product_id" = "order_items"."product_id";--> statement-breakpoint
UPDATE "stock_reservations" SET "variant_id" = v."id" FROM "product_variants" v WHERE v."product_id" = "stock_reservations"."product_id";

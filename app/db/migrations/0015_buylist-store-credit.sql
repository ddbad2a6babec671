CREATE TABLE "buylist_cards" (
	"card_id" integer PRIMARY KEY NOT NULL,
	"buying" boolean DEFAULT true NOT NULL,
	"wanted_quantity" integer,
	"max_per_submission" integer,
	"hot_premium_basis_points" integer DEFAULT 0 NOT NULL,
	"note" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buylist_cards_wanted_nonneg" CHECK ("buylist_cards"."wanted_quantity" IS NULL OR "buylist_cards"."wanted_quantity" >= 0),
	CONSTRAINT "buylist_cards_cap_positive" CHECK ("buylist_cards"."max_per_submission" IS NULL OR "buylist_cards"."max_per_submission" > 0),
	CONSTRAINT "buylist_cards_premium_range" CHECK ("buylist_cards"."hot_premium_basis_points" BETWEEN 0 AND 10000)
);
--> statement-breakpoint
CREATE TABLE "buylist_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"status" text NOT NULL,
	"actor_user_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buylist_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"card_label" text NOT NULL,
	"printing" text NOT NULL,
	"condition" text NOT NULL,
	"quantity" integer NOT NULL,
	"offered_unit" integer NOT NULL,
	"not_buying_reason" text,
	"status" text DEFAULT 'offered' NOT NULL,
	"quoted_condition" text,
	"quoted_unit" integer,
	"review_note" text,
	"received_condition" text,
	"received_quantity" integer,
	"final_unit" integer,
	"grade_note" text,
	CONSTRAINT "buylist_lines_quantity_positive" CHECK ("buylist_lines"."quantity" > 0),
	CONSTRAINT "buylist_lines_status_valid" CHECK ("buylist_lines"."status" IN ('offered', 'accepted', 'rejected')),
	CONSTRAINT "buylist_lines_amounts_nonneg" CHECK ("buylist_lines"."offered_unit" >= 0 AND coalesce("buylist_lines"."quoted_unit", 0) >= 0 AND coalesce("buylist_lines"."final_unit", 0) >= 0 AND coalesce("buylist_lines"."received_quantity", 0) >= 0),
	CONSTRAINT "buylist_lines_received_range" CHECK ("buylist_lines"."received_quantity" IS NULL OR "buylist_lines"."received_quantity" <= "buylist_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "buylist_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"widths" integer[] NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buylist_photos_storageKey_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "buylist_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "buylist_settings_one_row" CHECK ("buylist_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "buylist_submissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "buylist_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 5001 CACHE 1),
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"payout_preference" text DEFAULT 'cash' NOT NULL,
	"customer_note" text,
	"offer_cash" integer NOT NULL,
	"offer_credit" integer NOT NULL,
	"quoted_cash" integer,
	"quoted_credit" integer,
	"quote_sent_at" timestamp with time zone,
	"quote_expires_at" timestamp with time zone,
	"quote_token" text,
	"final_cash" integer,
	"final_credit" integer,
	"label_key" text,
	"label_content_type" text,
	"label_file_name" text,
	"payout" text,
	"cash_method" text,
	"paid_reference" text,
	"paid_on" text,
	"paid_amount" integer,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buylist_submissions_status_valid" CHECK ("buylist_submissions"."status" IN ('submitted', 'quoted', 'accepted', 'declined', 'expired', 'shipped', 'received', 'graded', 'paid', 'returned', 'rejected', 'withdrawn')),
	CONSTRAINT "buylist_submissions_preference_valid" CHECK ("buylist_submissions"."payout_preference" IN ('cash', 'credit')),
	CONSTRAINT "buylist_submissions_payout_valid" CHECK ("buylist_submissions"."payout" IS NULL OR "buylist_submissions"."payout" IN ('cash', 'credit')),
	CONSTRAINT "buylist_submissions_cash_method_valid" CHECK ("buylist_submissions"."cash_method" IS NULL OR "buylist_submissions"."cash_method" IN ('paypal', 'bank_transfer')),
	CONSTRAINT "buylist_submissions_amounts_nonneg" CHECK ("buylist_submissions"."offer_cash" >= 0 AND "buylist_submissions"."offer_credit" >= 0 AND coalesce("buylist_submissions"."quoted_cash", 0) >= 0 AND coalesce("buylist_submissions"."quoted_credit", 0) >= 0 AND coalesce("buylist_submissions"."final_cash", 0) >= 0 AND coalesce("buylist_submissions"."final_credit", 0) >= 0 AND coalesce("buylist_submissions"."paid_amount", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_credit_balances" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_credit_balances_nonneg" CHECK ("store_credit_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_credit_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer,
	"buylist_submission_id" integer,
	"note" text,
	"actor_user_id" uuid,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_credit_entries_amount_nonzero" CHECK ("store_credit_entries"."amount" <> 0),
	CONSTRAINT "store_credit_entries_balance_nonneg" CHECK ("store_credit_entries"."balance_after" >= 0),
	CONSTRAINT "store_credit_entries_kind_valid" CHECK ("store_credit_entries"."kind" IN ('buylist_payout', 'order_refund', 'grant', 'correction', 'order_spend', 'order_return'))
);
--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_reason_valid";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit_refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "buylist_cards" ADD CONSTRAINT "buylist_cards_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buylist_events" ADD CONSTRAINT "buylist_events_submission_id_buylist_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."buylist_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buylist_events" ADD CONSTRAINT "buylist_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buylist_lines" ADD CONSTRAINT "buylist_lines_submission_id_buylist_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."buylist_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buylist_lines" ADD CONSTRAINT "buylist_lines_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buylist_photos" ADD CONSTRAINT "buylist_photos_submission_id_buylist_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."buylist_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buylist_settings" ADD CONSTRAINT "buylist_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buylist_submissions" ADD CONSTRAINT "buylist_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_balances" ADD CONSTRAINT "store_credit_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buylist_events_submission_idx" ON "buylist_events" USING btree ("submission_id","id");--> statement-breakpoint
CREATE INDEX "buylist_lines_submission_idx" ON "buylist_lines" USING btree ("submission_id","id");--> statement-breakpoint
CREATE INDEX "buylist_lines_card_idx" ON "buylist_lines" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "buylist_photos_submission_idx" ON "buylist_photos" USING btree ("submission_id","id");--> statement-breakpoint
CREATE INDEX "buylist_submissions_user_idx" ON "buylist_submissions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "buylist_submissions_status_idx" ON "buylist_submissions" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "store_credit_entries_dedupe_idx" ON "store_credit_entries" USING btree ("dedupe_key") WHERE "store_credit_entries"."dedupe_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "store_credit_entries_user_idx" ON "store_credit_entries" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "store_credit_entries_order_idx" ON "store_credit_entries" USING btree ("order_id") WHERE "store_credit_entries"."order_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_reason_valid" CHECK ("stock_movements"."reason" IN ('opening', 'checkout_hold', 'hold_released', 'late_payment', 'adjustment', 'listing', 'import', 'cancel_restock', 'refund_restock', 'buylist'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_credit_range" CHECK ("orders"."credit_amount" >= 0 AND "orders"."credit_amount" <= "orders"."total_amount");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_credit_refunded_range" CHECK ("orders"."credit_refunded_amount" >= 0 AND "orders"."credit_refunded_amount" <= "orders"."refunded_amount" AND "orders"."refunded_amount" - "orders"."credit_refunded_amount" <= "orders"."total_amount" - "orders"."credit_amount");--> statement-breakpoint
CREATE FUNCTION "store_credit_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'store_credit_entries is append-only: correct a balance with a new entry';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "store_credit_entries_no_change" BEFORE UPDATE OR DELETE OR TRUNCATE ON "store_credit_entries" FOR EACH STATEMENT EXECUTE FUNCTION "store_credit_entries_append_only"();

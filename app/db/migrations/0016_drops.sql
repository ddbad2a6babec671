CREATE TABLE "drop_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"drop_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"person_key" text NOT NULL,
	"address_key" text NOT NULL,
	"state" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"position" integer,
	"right_from" timestamp with time zone,
	"right_until" timestamp with time zone,
	"order_id" integer,
	"notified_at" timestamp with time zone,
	CONSTRAINT "drop_entries_state_valid" CHECK ("drop_entries"."state" IN ('waiting', 'admitted', 'entered', 'won', 'lost', 'purchased', 'lapsed')),
	CONSTRAINT "drop_entries_position_positive" CHECK ("drop_entries"."position" IS NULL OR "drop_entries"."position" > 0)
);
--> statement-breakpoint
CREATE TABLE "drop_order_keys" (
	"drop_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"key" text NOT NULL,
	"units" integer NOT NULL,
	CONSTRAINT "drop_order_keys_units_positive" CHECK ("drop_order_keys"."units" > 0)
);
--> statement-breakpoint
CREATE TABLE "drops" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"mode" text NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"admit_per_minute" integer DEFAULT 60 NOT NULL,
	"purchase_minutes" integer DEFAULT 10 NOT NULL,
	"units_per_person" integer DEFAULT 2 NOT NULL,
	"places" integer,
	"seed" text,
	"ordered_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "drops_mode_valid" CHECK ("drops"."mode" IN ('queue', 'draw')),
	CONSTRAINT "drops_times_ordered" CHECK ("drops"."opens_at" <= "drops"."starts_at"),
	CONSTRAINT "drops_admit_positive" CHECK ("drops"."admit_per_minute" > 0),
	CONSTRAINT "drops_purchase_minutes_positive" CHECK ("drops"."purchase_minutes" > 0),
	CONSTRAINT "drops_units_positive" CHECK ("drops"."units_per_person" > 0),
	CONSTRAINT "drops_places_positive" CHECK ("drops"."places" IS NULL OR "drops"."places" > 0)
);
--> statement-breakpoint
ALTER TABLE "drop_entries" ADD CONSTRAINT "drop_entries_drop_id_drops_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."drops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drop_entries" ADD CONSTRAINT "drop_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drop_entries" ADD CONSTRAINT "drop_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drop_order_keys" ADD CONSTRAINT "drop_order_keys_drop_id_drops_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."drops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drop_order_keys" ADD CONSTRAINT "drop_order_keys_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drops" ADD CONSTRAINT "drops_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drops" ADD CONSTRAINT "drops_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "drop_entries_account_unique" ON "drop_entries" USING btree ("drop_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "drop_entries_person_unique" ON "drop_entries" USING btree ("drop_id","person_key");--> statement-breakpoint
CREATE UNIQUE INDEX "drop_entries_position_unique" ON "drop_entries" USING btree ("drop_id","position");--> statement-breakpoint
CREATE INDEX "drop_entries_address_idx" ON "drop_entries" USING btree ("drop_id","address_key");--> statement-breakpoint
CREATE INDEX "drop_entries_state_idx" ON "drop_entries" USING btree ("drop_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "drop_order_keys_unique" ON "drop_order_keys" USING btree ("drop_id","order_id","key");--> statement-breakpoint
CREATE INDEX "drop_order_keys_key_idx" ON "drop_order_keys" USING btree ("drop_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "drops_product_unique" ON "drops" USING btree ("product_id");
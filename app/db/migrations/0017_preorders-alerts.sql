CREATE TABLE "preorder_refunds" (
	"order_item_id" integer PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"units" integer NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preorder_refunds_units_positive" CHECK ("preorder_refunds"."units" > 0)
);
--> statement-breakpoint
CREATE TABLE "preorders" (
	"variant_id" integer PRIMARY KEY NOT NULL,
	"allocation" integer NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"delivered_at" timestamp with time zone,
	"shortfall_settled_for" integer,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preorders_allocation_nonneg" CHECK ("preorders"."allocation" >= 0),
	CONSTRAINT "preorders_delivered_nonneg" CHECK ("preorders"."delivered" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_alert_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"alert_ids" integer[] NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "stock_alert_batches_status_valid" CHECK ("stock_alert_batches"."status" IN ('sending', 'done', 'stopped'))
);
--> statement-breakpoint
CREATE TABLE "stock_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"token" text NOT NULL,
	"batch_id" integer,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_alerts_token_unique" UNIQUE("token"),
	CONSTRAINT "stock_alerts_status_valid" CHECK ("stock_alerts"."status" IN ('waiting', 'sent', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "preorder_refunds" ADD CONSTRAINT "preorder_refunds_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preorder_refunds" ADD CONSTRAINT "preorder_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preorders" ADD CONSTRAINT "preorders_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alert_batches" ADD CONSTRAINT "stock_alert_batches_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "preorder_refunds_order_idx" ON "preorder_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "preorders_open_idx" ON "preorders" USING btree ("variant_id") WHERE "preorders"."released_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alert_batches_one_sending_uq" ON "stock_alert_batches" USING btree ("product_id") WHERE "stock_alert_batches"."status" = 'sending';--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_one_waiting_uq" ON "stock_alerts" USING btree ("user_id","product_id") WHERE "stock_alerts"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "stock_alerts_product_waiting_idx" ON "stock_alerts" USING btree ("product_id") WHERE "stock_alerts"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "stock_alerts_sent_idx" ON "stock_alerts" USING btree ("sent_at") WHERE "stock_alerts"."sent_at" IS NOT NULL;
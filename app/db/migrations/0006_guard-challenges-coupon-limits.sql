CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spent_challenges" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "max_redemptions" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "max_redemptions_per_customer" integer;--> statement-breakpoint
CREATE INDEX "spent_challenges_expires_idx" ON "spent_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "orders_coupon_idx" ON "orders" USING btree ("coupon_code","user_id") WHERE "orders"."coupon_code" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_max_redemptions_positive" CHECK ("coupons"."max_redemptions" IS NULL OR "coupons"."max_redemptions" > 0);--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_max_per_customer_positive" CHECK ("coupons"."max_redemptions_per_customer" IS NULL OR "coupons"."max_redemptions_per_customer" > 0);
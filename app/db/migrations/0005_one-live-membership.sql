ALTER TABLE "refunds" ADD COLUMN "provider_subscription_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "ended_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_subscription_idx" ON "refunds" USING btree ("provider_subscription_id") WHERE "refunds"."provider_subscription_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_live_per_user" ON "subscriptions" USING btree ("user_id") WHERE "subscriptions"."status" IN ('active', 'past_due');--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_ended_reason_valid" CHECK ("subscriptions"."ended_reason" IS NULL OR "subscriptions"."ended_reason" IN ('duplicate'));
ALTER TABLE "outbox" ADD COLUMN "secrets" jsonb;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "redacted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at");
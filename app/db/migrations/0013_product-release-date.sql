ALTER TABLE "products" ADD COLUMN "release_date" date;--> statement-breakpoint
CREATE INDEX "products_updated_idx" ON "products" USING btree ("updated_at","id");
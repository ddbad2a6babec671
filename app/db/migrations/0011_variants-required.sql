ALTER TABLE "products" DROP CONSTRAINT "products_price_nonneg";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_premium_price_range";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_stock_nonneg";--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "stock_reservations" DROP CONSTRAINT "stock_reservations_product_id_products_id_fk";
--> statement-breakpoint
DROP INDEX "cart_items_user_product_uq";--> statement-breakpoint
DROP INDEX "cart_items_guest_product_uq";--> statement-breakpoint
DROP INDEX "products_visible_category_idx";--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "variant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_reservations" ALTER COLUMN "variant_id" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_user_variant_uq" ON "cart_items" USING btree ("user_id","variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_guest_variant_uq" ON "cart_items" USING btree ("guest_id","variant_id");--> statement-breakpoint
CREATE INDEX "products_visible_category_idx" ON "products" USING btree ("category_id") WHERE "products"."is_visible";--> statement-breakpoint
ALTER TABLE "cart_items" DROP COLUMN "product_id";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "price";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "premium_price";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "stock";--> statement-breakpoint
ALTER TABLE "stock_reservations" DROP COLUMN "product_id";
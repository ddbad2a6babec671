ALTER TABLE "products" ADD COLUMN "search_exact" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', "name")) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_prefix" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', translate("name", 'àáâäãåçèéêëìíîïñòóôöõùúûüýÿÀÁÂÄÃÅÇÈÉÊËÌÍÎÏÑÒÓÔÖÕÙÚÛÜÝ', 'aaaaaaceeeeiiiinooooouuuuyyAAAAAACEEEEIIIINOOOOOUUUUY'))) STORED;--> statement-breakpoint
CREATE INDEX "products_search_exact_idx" ON "products" USING gin ("search_exact");--> statement-breakpoint
CREATE INDEX "products_search_prefix_idx" ON "products" USING gin ("search_prefix");--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("name");
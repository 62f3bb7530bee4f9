DROP INDEX "fan_wardrobe_fan_idx";--> statement-breakpoint
CREATE INDEX "boutique_orders_designer_fan_created_idx" ON "boutique_orders" USING btree ("designer_id","fan_id","created_at");--> statement-breakpoint
CREATE INDEX "fan_wardrobe_fan_category_size_idx" ON "fan_wardrobe_items" USING btree ("fan_id","category",lower("size"));--> statement-breakpoint
CREATE INDEX "fans_designer_id_idx" ON "fans" USING btree ("designer_id","id");
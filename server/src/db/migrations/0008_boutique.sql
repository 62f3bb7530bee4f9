CREATE TABLE "boutique_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"designer_id" integer NOT NULL,
	"fan_id" integer,
	"buyer_name" varchar(32) NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer,
	"size" varchar(16) NOT NULL,
	"color" varchar(16) NOT NULL,
	"sku" varchar(40) NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"total" bigint NOT NULL,
	"state" varchar(12) DEFAULT 'paid' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "boutique_orders_quantity_check" CHECK ("boutique_orders"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"designer_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"logo_url" varchar(1024) DEFAULT '' NOT NULL,
	"cover_url" varchar(1024) DEFAULT '' NOT NULL,
	"slogan" varchar(60) DEFAULT '' NOT NULL,
	"story" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"designer_id" integer NOT NULL,
	"size" varchar(16) NOT NULL,
	"color" varchar(16) NOT NULL,
	"sku" varchar(40) NOT NULL,
	"price" bigint NOT NULL,
	"original_price" bigint NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_variants_price_check" CHECK ("product_variants"."price" >= 0 and "product_variants"."original_price" >= "product_variants"."price"),
	CONSTRAINT "product_variants_stock_check" CHECK ("product_variants"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"designer_id" integer NOT NULL,
	"brand_id" integer,
	"title" varchar(60) NOT NULL,
	"category" varchar(16) NOT NULL,
	"images" jsonb NOT NULL,
	"video_id" integer,
	"description" text DEFAULT '' NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"sales_count" integer DEFAULT 0 NOT NULL,
	"min_price" bigint DEFAULT 0 NOT NULL,
	"max_price" bigint DEFAULT 0 NOT NULL,
	"total_stock" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "products_sales_check" CHECK ("products"."sales_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"stock_after" integer NOT NULL,
	"reason" varchar(8) NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "boutique_orders" ADD CONSTRAINT "boutique_orders_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boutique_orders" ADD CONSTRAINT "boutique_orders_fan_id_fans_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."fans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boutique_orders" ADD CONSTRAINT "boutique_orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boutique_orders" ADD CONSTRAINT "boutique_orders_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "boutique_orders_designer_created_idx" ON "boutique_orders" USING btree ("designer_id","created_at");--> statement-breakpoint
CREATE INDEX "boutique_orders_product_created_idx" ON "boutique_orders" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "boutique_orders_fan_idx" ON "boutique_orders" USING btree ("fan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "brands_designer_name_key" ON "brands" USING btree ("designer_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_designer_sku_key" ON "product_variants" USING btree ("designer_id","sku");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_product_size_color_key" ON "product_variants" USING btree ("product_id","size","color");--> statement-breakpoint
CREATE INDEX "products_designer_created_idx" ON "products" USING btree ("designer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_designer_status_idx" ON "products" USING btree ("designer_id","status");--> statement-breakpoint
CREATE INDEX "products_designer_sales_idx" ON "products" USING btree ("designer_id","sales_count","id");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "stock_movements_product_at_idx" ON "stock_movements" USING btree ("product_id","at");
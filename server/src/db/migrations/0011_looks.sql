CREATE TABLE "look_backgrounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"designer_id" integer,
	"name" varchar(30) NOT NULL,
	"kind" varchar(12) NOT NULL,
	"colors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"object_key" varchar(255),
	"thumbnail_object_key" varchar(255),
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "look_daily_stats" (
	"look_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"rotations" integer DEFAULT 0 NOT NULL,
	"product_taps" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "look_daily_stats_look_id_day_pk" PRIMARY KEY("look_id","day"),
	CONSTRAINT "look_daily_stats_counts_check" CHECK ("look_daily_stats"."views" >= 0 and "look_daily_stats"."rotations" >= 0 and "look_daily_stats"."product_taps" >= 0)
);
--> statement-breakpoint
CREATE TABLE "look_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"designer_id" integer,
	"name" varchar(30) NOT NULL,
	"object_key" varchar(255),
	"asset_file" varchar(64),
	"file_name" varchar(255) DEFAULT '' NOT NULL,
	"poster_object_key" varchar(255),
	"poster_asset_file" varchar(64),
	"body_type" varchar(12) NOT NULL,
	"size_label" varchar(8) DEFAULT '' NOT NULL,
	"status" varchar(12) NOT NULL,
	"triangle_count" integer DEFAULT 0 NOT NULL,
	"byte_size" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "look_models_file_check" CHECK (("look_models"."designer_id" is null and "look_models"."asset_file" is not null) or ("look_models"."designer_id" is not null and "look_models"."object_key" is not null))
);
--> statement-breakpoint
CREATE TABLE "look_products" (
	"look_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "look_products_look_id_product_id_pk" PRIMARY KEY("look_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "looks" (
	"id" serial PRIMARY KEY NOT NULL,
	"designer_id" integer NOT NULL,
	"model_id" integer,
	"background_id" integer,
	"title" varchar(40) NOT NULL,
	"description" varchar(500) DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"camera" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "look_backgrounds" ADD CONSTRAINT "look_backgrounds_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "look_daily_stats" ADD CONSTRAINT "look_daily_stats_look_id_looks_id_fk" FOREIGN KEY ("look_id") REFERENCES "public"."looks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "look_models" ADD CONSTRAINT "look_models_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "look_products" ADD CONSTRAINT "look_products_look_id_looks_id_fk" FOREIGN KEY ("look_id") REFERENCES "public"."looks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "look_products" ADD CONSTRAINT "look_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "look_products" ADD CONSTRAINT "look_products_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "looks" ADD CONSTRAINT "looks_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "looks" ADD CONSTRAINT "looks_model_id_look_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."look_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "looks" ADD CONSTRAINT "looks_background_id_look_backgrounds_id_fk" FOREIGN KEY ("background_id") REFERENCES "public"."look_backgrounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "look_backgrounds_designer_idx" ON "look_backgrounds" USING btree ("designer_id");--> statement-breakpoint
CREATE INDEX "look_models_designer_idx" ON "look_models" USING btree ("designer_id");--> statement-breakpoint
CREATE INDEX "look_products_product_idx" ON "look_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "looks_designer_sort_idx" ON "looks" USING btree ("designer_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "looks_model_idx" ON "looks" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "looks_background_idx" ON "looks" USING btree ("background_id");
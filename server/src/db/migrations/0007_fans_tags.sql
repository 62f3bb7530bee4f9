CREATE TABLE "fan_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"fan_id" integer NOT NULL,
	"url" varchar(1000) NOT NULL,
	"labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fan_interactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"fan_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"text" varchar(200) DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fan_measurements" (
	"fan_id" integer PRIMARY KEY NOT NULL,
	"height_mm" integer,
	"weight_g" integer,
	"bust_mm" integer,
	"waist_mm" integer,
	"hip_mm" integer,
	"shoulder_mm" integer,
	"sleeve_mm" integer,
	"inseam_mm" integer,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fan_wardrobe_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"fan_id" integer NOT NULL,
	"category" varchar(16) NOT NULL,
	"size" varchar(8) NOT NULL,
	"color" varchar(16) DEFAULT '' NOT NULL,
	"image_url" varchar(1000) DEFAULT '' NOT NULL,
	"source" varchar(16) DEFAULT 'manual' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fans" (
	"id" serial PRIMARY KEY NOT NULL,
	"designer_id" integer NOT NULL,
	"nickname" varchar(32) NOT NULL,
	"avatar" varchar(1000) DEFAULT '' NOT NULL,
	"gender" varchar(8) DEFAULT 'unknown' NOT NULL,
	"birth_year" smallint,
	"city_code" varchar(6) DEFAULT '' NOT NULL,
	"source" varchar(16) NOT NULL,
	"followed_at" timestamp with time zone NOT NULL,
	"last_active_at" timestamp with time zone NOT NULL,
	"total_spent" bigint DEFAULT 0 NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fan_tags" (
	"fan_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fan_tags_fan_id_tag_id_pk" PRIMARY KEY("fan_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "tag_classifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"designer_id" integer NOT NULL,
	"name" varchar(15) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"designer_id" integer NOT NULL,
	"classification_id" integer NOT NULL,
	"name" varchar(15) NOT NULL,
	"color" varchar(7) NOT NULL,
	"description" varchar(100) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fan_images" ADD CONSTRAINT "fan_images_fan_id_fans_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."fans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_interactions" ADD CONSTRAINT "fan_interactions_fan_id_fans_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."fans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_measurements" ADD CONSTRAINT "fan_measurements_fan_id_fans_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."fans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_wardrobe_items" ADD CONSTRAINT "fan_wardrobe_items_fan_id_fans_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."fans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fans" ADD CONSTRAINT "fans_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_tags" ADD CONSTRAINT "fan_tags_fan_id_fans_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."fans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_tags" ADD CONSTRAINT "fan_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_classifications" ADD CONSTRAINT "tag_classifications_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_classification_id_tag_classifications_id_fk" FOREIGN KEY ("classification_id") REFERENCES "public"."tag_classifications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fan_images_fan_idx" ON "fan_images" USING btree ("fan_id");--> statement-breakpoint
CREATE INDEX "fan_interactions_fan_at_idx" ON "fan_interactions" USING btree ("fan_id","at");--> statement-breakpoint
CREATE INDEX "fan_wardrobe_fan_idx" ON "fan_wardrobe_items" USING btree ("fan_id");--> statement-breakpoint
CREATE INDEX "fan_wardrobe_category_size_idx" ON "fan_wardrobe_items" USING btree ("category","size");--> statement-breakpoint
CREATE INDEX "fans_designer_followed_idx" ON "fans" USING btree ("designer_id","followed_at","id");--> statement-breakpoint
CREATE INDEX "fans_designer_active_idx" ON "fans" USING btree ("designer_id","last_active_at","id");--> statement-breakpoint
CREATE INDEX "fans_designer_spent_idx" ON "fans" USING btree ("designer_id","total_spent","id");--> statement-breakpoint
CREATE INDEX "fans_designer_orders_idx" ON "fans" USING btree ("designer_id","order_count","id");--> statement-breakpoint
CREATE INDEX "fans_designer_birth_idx" ON "fans" USING btree ("designer_id","birth_year");--> statement-breakpoint
CREATE INDEX "fans_designer_city_idx" ON "fans" USING btree ("designer_id","city_code");--> statement-breakpoint
CREATE INDEX "fans_designer_source_idx" ON "fans" USING btree ("designer_id","source");--> statement-breakpoint
CREATE INDEX "fan_tags_tag_fan_idx" ON "fan_tags" USING btree ("tag_id","fan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tag_classifications_designer_name_key" ON "tag_classifications" USING btree ("designer_id",lower("name"));--> statement-breakpoint
CREATE INDEX "tags_designer_idx" ON "tags" USING btree ("designer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_classification_name_key" ON "tags" USING btree ("classification_id",lower("name"));
CREATE TABLE "fan_impressions" (
	"fan_id" integer NOT NULL,
	"impression_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fan_impressions_fan_id_impression_id_pk" PRIMARY KEY("fan_id","impression_id")
);
--> statement-breakpoint
CREATE TABLE "impressions" (
	"id" serial PRIMARY KEY NOT NULL,
	"designer_id" integer NOT NULL,
	"word" varchar(12) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recruitment_auto_tags" (
	"designer_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "recruitment_auto_tags_designer_id_tag_id_pk" PRIMARY KEY("designer_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "recruitment_channel_stats" (
	"designer_id" integer NOT NULL,
	"channel" varchar(16) NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"follows" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "recruitment_channel_stats_designer_id_channel_pk" PRIMARY KEY("designer_id","channel")
);
--> statement-breakpoint
CREATE TABLE "recruitment_settings" (
	"designer_id" integer PRIMARY KEY NOT NULL,
	"slug" varchar(16) NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"welcome" varchar(200) DEFAULT '' NOT NULL,
	"benefit" varchar(200) DEFAULT '' NOT NULL,
	"cover_url" varchar(1000) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fan_impressions" ADD CONSTRAINT "fan_impressions_fan_id_fans_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."fans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_impressions" ADD CONSTRAINT "fan_impressions_impression_id_impressions_id_fk" FOREIGN KEY ("impression_id") REFERENCES "public"."impressions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impressions" ADD CONSTRAINT "impressions_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_auto_tags" ADD CONSTRAINT "recruitment_auto_tags_designer_id_recruitment_settings_designer_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."recruitment_settings"("designer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_auto_tags" ADD CONSTRAINT "recruitment_auto_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_channel_stats" ADD CONSTRAINT "recruitment_channel_stats_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_settings" ADD CONSTRAINT "recruitment_settings_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fan_impressions_impression_fan_idx" ON "fan_impressions" USING btree ("impression_id","fan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "impressions_designer_word_key" ON "impressions" USING btree ("designer_id",lower("word"));--> statement-breakpoint
CREATE UNIQUE INDEX "recruitment_settings_slug_key" ON "recruitment_settings" USING btree ("slug");
CREATE TABLE "boutique_daily_sales" (
	"designer_id" integer NOT NULL,
	"day" date NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "boutique_daily_sales_designer_id_day_pk" PRIMARY KEY("designer_id","day")
);
--> statement-breakpoint
CREATE TABLE "course_daily_stats" (
	"course_id" integer NOT NULL,
	"day" date NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"ratings" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "course_daily_stats_course_id_day_pk" PRIMARY KEY("course_id","day")
);
--> statement-breakpoint
CREATE TABLE "fan_daily_rollups" (
	"designer_id" integer NOT NULL,
	"day" date NOT NULL,
	"followed" integer DEFAULT 0 NOT NULL,
	"unfollowed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "fan_daily_rollups_designer_id_day_pk" PRIMARY KEY("designer_id","day")
);
--> statement-breakpoint
CREATE TABLE "fan_unfollows" (
	"id" serial PRIMARY KEY NOT NULL,
	"designer_id" integer NOT NULL,
	"fan_ref" integer,
	"nickname" varchar(32) NOT NULL,
	"avatar" varchar(1000) DEFAULT '' NOT NULL,
	"gender" varchar(8) DEFAULT 'unknown' NOT NULL,
	"source" varchar(16) NOT NULL,
	"total_spent" bigint DEFAULT 0 NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"followed_at" timestamp with time zone NOT NULL,
	"unfollowed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fan_unfollows_order_check" CHECK ("fan_unfollows"."unfollowed_at" >= "fan_unfollows"."followed_at")
);
--> statement-breakpoint
CREATE TABLE "video_daily_stats" (
	"video_id" integer NOT NULL,
	"designer_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"completions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "video_daily_stats_video_id_day_pk" PRIMARY KEY("video_id","day"),
	CONSTRAINT "video_daily_stats_completions_check" CHECK ("video_daily_stats"."completions" <= "video_daily_stats"."views")
);
--> statement-breakpoint
ALTER TABLE "boutique_daily_sales" ADD CONSTRAINT "boutique_daily_sales_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_daily_stats" ADD CONSTRAINT "course_daily_stats_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_daily_rollups" ADD CONSTRAINT "fan_daily_rollups_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_unfollows" ADD CONSTRAINT "fan_unfollows_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_daily_stats" ADD CONSTRAINT "video_daily_stats_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_daily_stats" ADD CONSTRAINT "video_daily_stats_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fan_unfollows_designer_unfollowed_idx" ON "fan_unfollows" USING btree ("designer_id","unfollowed_at","id");--> statement-breakpoint
CREATE INDEX "video_daily_stats_designer_day_idx" ON "video_daily_stats" USING btree ("designer_id","day");
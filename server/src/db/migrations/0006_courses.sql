CREATE TABLE "course_chapters" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"title" varchar(60) NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_lessons" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"chapter_id" integer NOT NULL,
	"title" varchar(60) NOT NULL,
	"position" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"video_id" integer,
	"text_body" text DEFAULT '' NOT NULL,
	"duration_seconds" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"buyer_id" integer NOT NULL,
	"price_paid" integer NOT NULL,
	"bought_at" timestamp with time zone NOT NULL,
	"last_studied_at" timestamp with time zone,
	"rating" smallint,
	CONSTRAINT "course_purchases_price_check" CHECK ("course_purchases"."price_paid" >= 0),
	CONSTRAINT "course_purchases_rating_check" CHECK ("course_purchases"."rating" is null or "course_purchases"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"designer_id" integer NOT NULL,
	"title" varchar(60) NOT NULL,
	"cover_url" varchar(1024) DEFAULT '' NOT NULL,
	"summary" varchar(500) DEFAULT '' NOT NULL,
	"category" varchar(16) NOT NULL,
	"price" integer NOT NULL,
	"original_price" integer NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "courses_price_check" CHECK ("courses"."price" >= 0 and "courses"."original_price" >= "courses"."price")
);
--> statement-breakpoint
CREATE TABLE "lesson_completions" (
	"purchase_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lesson_completions_purchase_id_lesson_id_pk" PRIMARY KEY("purchase_id","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "platform_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"nickname" varchar(32) NOT NULL,
	"avatar" varchar(1024) DEFAULT '' NOT NULL,
	"phone_masked" varchar(20) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_chapters" ADD CONSTRAINT "course_chapters_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD CONSTRAINT "course_lessons_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD CONSTRAINT "course_lessons_chapter_id_course_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."course_chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD CONSTRAINT "course_lessons_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_purchases" ADD CONSTRAINT "course_purchases_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_purchases" ADD CONSTRAINT "course_purchases_buyer_id_platform_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."platform_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_completions" ADD CONSTRAINT "lesson_completions_purchase_id_course_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."course_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_completions" ADD CONSTRAINT "lesson_completions_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_chapters_course_idx" ON "course_chapters" USING btree ("course_id","position");--> statement-breakpoint
CREATE INDEX "course_lessons_chapter_idx" ON "course_lessons" USING btree ("chapter_id","position");--> statement-breakpoint
CREATE INDEX "course_lessons_course_idx" ON "course_lessons" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "course_lessons_video_idx" ON "course_lessons" USING btree ("video_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_purchases_course_buyer_key" ON "course_purchases" USING btree ("course_id","buyer_id");--> statement-breakpoint
CREATE INDEX "course_purchases_course_bought_idx" ON "course_purchases" USING btree ("course_id","bought_at");--> statement-breakpoint
CREATE INDEX "course_purchases_buyer_idx" ON "course_purchases" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "courses_designer_created_idx" ON "courses" USING btree ("designer_id","created_at");--> statement-breakpoint
CREATE INDEX "lesson_completions_lesson_idx" ON "lesson_completions" USING btree ("lesson_id");
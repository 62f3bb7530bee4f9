ALTER TABLE "videos" ADD COLUMN "processing_progress" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "failure_reason" jsonb;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "video_codec" varchar(32);--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "audio_codec" varchar(32);--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "play_object_key" varchar(255);
CREATE TABLE "images" (
	"id" serial PRIMARY KEY NOT NULL,
	"designer_id" integer NOT NULL,
	"object_key" varchar(255) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_size" bigint NOT NULL,
	"mime_type" varchar(100) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"designer_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"description" varchar(2000) DEFAULT '' NOT NULL,
	"category_id" integer,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"object_key" varchar(255) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_size" bigint NOT NULL,
	"mime_type" varchar(100) NOT NULL,
	"duration_seconds" integer,
	"cover_url" varchar(1000) DEFAULT '' NOT NULL,
	"cover_object_key" varchar(255),
	"status" varchar(16) DEFAULT 'uploading' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "images_designer_idx" ON "images" USING btree ("designer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "images_object_key_key" ON "images" USING btree ("object_key");--> statement-breakpoint
CREATE INDEX "videos_designer_created_idx" ON "videos" USING btree ("designer_id","created_at");--> statement-breakpoint
CREATE INDEX "videos_designer_status_idx" ON "videos" USING btree ("designer_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "videos_object_key_key" ON "videos" USING btree ("object_key");
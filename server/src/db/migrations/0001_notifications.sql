CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"designer_id" integer NOT NULL,
	"content" varchar(500) NOT NULL,
	"type" varchar(16) NOT NULL,
	"quality" varchar(8) NOT NULL,
	"unread" boolean DEFAULT true NOT NULL,
	"collected" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_designer_created_idx" ON "notifications" USING btree ("designer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_designer_unread_idx" ON "notifications" USING btree ("designer_id") WHERE "notifications"."unread";
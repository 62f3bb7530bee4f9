ALTER TABLE "fans" ADD COLUMN "platform_user_id" integer;--> statement-breakpoint
ALTER TABLE "fans" ADD CONSTRAINT "fans_platform_user_id_platform_users_id_fk" FOREIGN KEY ("platform_user_id") REFERENCES "public"."platform_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fans_designer_platform_user_key" ON "fans" USING btree ("designer_id","platform_user_id");--> statement-breakpoint
CREATE INDEX "fans_platform_user_idx" ON "fans" USING btree ("platform_user_id");
ALTER TABLE "look_backgrounds" ADD COLUMN "shipped_key" varchar(32);--> statement-breakpoint
ALTER TABLE "look_models" ADD COLUMN "shipped_key" varchar(32);--> statement-breakpoint
CREATE UNIQUE INDEX "look_backgrounds_shipped_key" ON "look_backgrounds" USING btree ("shipped_key");--> statement-breakpoint
CREATE UNIQUE INDEX "look_models_shipped_key" ON "look_models" USING btree ("shipped_key");
DROP INDEX "fans_designer_age_up_idx";--> statement-breakpoint
DROP INDEX "fans_designer_age_down_idx";--> statement-breakpoint
CREATE INDEX "fans_designer_age_up_idx" ON "fans" USING btree ("designer_id",coalesce(-("birth_year")::int, 1000000),"id","birth_year");--> statement-breakpoint
CREATE INDEX "fans_designer_age_down_idx" ON "fans" USING btree ("designer_id",coalesce(-("birth_year")::int, -1000000),"id","birth_year");
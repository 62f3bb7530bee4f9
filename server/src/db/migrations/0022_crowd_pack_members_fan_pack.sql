DROP INDEX "crowd_pack_members_fan_idx";--> statement-breakpoint
CREATE INDEX "crowd_pack_members_fan_pack_idx" ON "crowd_pack_members" USING btree ("fan_id","pack_id");
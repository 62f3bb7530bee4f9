ALTER TABLE "crowd_pack_sources" DROP CONSTRAINT "crowd_pack_sources_source_pack_id_crowd_packs_id_fk";
--> statement-breakpoint
ALTER TABLE "crowd_pack_sources" ADD CONSTRAINT "crowd_pack_sources_source_pack_id_crowd_packs_id_fk" FOREIGN KEY ("source_pack_id") REFERENCES "public"."crowd_packs"("id") ON DELETE cascade ON UPDATE no action;
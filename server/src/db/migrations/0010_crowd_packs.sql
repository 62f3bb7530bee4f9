CREATE TABLE "crowd_pack_members" (
	"pack_id" integer NOT NULL,
	"fan_id" integer NOT NULL,
	CONSTRAINT "crowd_pack_members_pack_id_fan_id_pk" PRIMARY KEY("pack_id","fan_id")
);
--> statement-breakpoint
CREATE TABLE "crowd_pack_sizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"pack_id" integer NOT NULL,
	"size" integer NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crowd_pack_sources" (
	"pack_id" integer NOT NULL,
	"source_pack_id" integer NOT NULL,
	CONSTRAINT "crowd_pack_sources_pack_id_source_pack_id_pk" PRIMARY KEY("pack_id","source_pack_id")
);
--> statement-breakpoint
CREATE TABLE "crowd_packs" (
	"id" serial PRIMARY KEY NOT NULL,
	"designer_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"definition" jsonb NOT NULL,
	"refresh_mode" varchar(8) DEFAULT 'manual' NOT NULL,
	"state" varchar(10) DEFAULT 'computing' NOT NULL,
	"failure" varchar(200) DEFAULT '' NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"all_fans" integer DEFAULT 0 NOT NULL,
	"computed_at" timestamp with time zone,
	"next_refresh_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crowd_pack_members" ADD CONSTRAINT "crowd_pack_members_pack_id_crowd_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."crowd_packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crowd_pack_members" ADD CONSTRAINT "crowd_pack_members_fan_id_fans_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."fans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crowd_pack_sizes" ADD CONSTRAINT "crowd_pack_sizes_pack_id_crowd_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."crowd_packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crowd_pack_sources" ADD CONSTRAINT "crowd_pack_sources_pack_id_crowd_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."crowd_packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crowd_pack_sources" ADD CONSTRAINT "crowd_pack_sources_source_pack_id_crowd_packs_id_fk" FOREIGN KEY ("source_pack_id") REFERENCES "public"."crowd_packs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crowd_packs" ADD CONSTRAINT "crowd_packs_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crowd_pack_members_fan_idx" ON "crowd_pack_members" USING btree ("fan_id");--> statement-breakpoint
CREATE INDEX "crowd_pack_sizes_pack_at_idx" ON "crowd_pack_sizes" USING btree ("pack_id","computed_at");--> statement-breakpoint
CREATE INDEX "crowd_pack_sources_source_idx" ON "crowd_pack_sources" USING btree ("source_pack_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crowd_packs_designer_name_key" ON "crowd_packs" USING btree ("designer_id",lower("name"));--> statement-breakpoint
CREATE INDEX "crowd_packs_designer_updated_idx" ON "crowd_packs" USING btree ("designer_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "crowd_packs_due_idx" ON "crowd_packs" USING btree ("refresh_mode","next_refresh_at");

CREATE TABLE "fan_data_versions" (
	"designer_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "fan_data_versions_designer_id_kind_pk" PRIMARY KEY("designer_id","kind")
);
--> statement-breakpoint
ALTER TABLE "crowd_packs" ADD COLUMN "data_versions" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "fan_data_versions" ADD CONSTRAINT "fan_data_versions_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;
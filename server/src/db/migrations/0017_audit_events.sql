CREATE TABLE "audit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"designer_id" integer,
	"actor" varchar(16) NOT NULL,
	"actor_session_id" integer,
	"action" varchar(40) NOT NULL,
	"target_type" varchar(40),
	"target_id" varchar(64),
	"summary" varchar(300) NOT NULL,
	"client_ip" varchar(64),
	"user_agent" varchar(300),
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_events_designer_time" ON "audit_events" USING btree ("designer_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);
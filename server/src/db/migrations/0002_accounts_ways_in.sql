CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"designer_id" integer NOT NULL,
	"nickname" varchar(32) NOT NULL,
	"avatar" varchar(1024) DEFAULT '' NOT NULL,
	"phone_masked" varchar(20) NOT NULL,
	"bound_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"bucket" varchar(32) NOT NULL,
	"key" varchar(128) NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "rate_limit_counters_bucket_key_pk" PRIMARY KEY("bucket","key")
);
--> statement-breakpoint
CREATE TABLE "builtin_oauth_codes" (
	"code_hash" varchar(64) PRIMARY KEY NOT NULL,
	"ticket_hash" varchar(64) NOT NULL,
	"openid" varchar(128) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "scan_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_hash" varchar(64) NOT NULL,
	"purpose" varchar(8) NOT NULL,
	"designer_id" integer,
	"state" varchar(12) DEFAULT 'pending' NOT NULL,
	"provider" varchar(16) NOT NULL,
	"openid" varchar(128),
	"resigner_hash" varchar(64),
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"scanned_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wechat_bindings" (
	"id" serial PRIMARY KEY NOT NULL,
	"designer_id" integer NOT NULL,
	"provider" varchar(16) NOT NULL,
	"openid" varchar(128) NOT NULL,
	"bound_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" varchar(20) NOT NULL,
	"purpose" varchar(24) NOT NULL,
	"designer_id" integer,
	"salt" varchar(32) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" varchar(20) NOT NULL,
	"purpose" varchar(24) NOT NULL,
	"text" varchar(300) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_tickets" ADD CONSTRAINT "scan_tickets_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wechat_bindings" ADD CONSTRAINT "wechat_bindings_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_codes" ADD CONSTRAINT "sms_codes_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "members_designer_bound_idx" ON "members" USING btree ("designer_id","bound_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "builtin_oauth_codes_expires_idx" ON "builtin_oauth_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "scan_tickets_ticket_hash_key" ON "scan_tickets" USING btree ("ticket_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "scan_tickets_resigner_hash_key" ON "scan_tickets" USING btree ("resigner_hash");--> statement-breakpoint
CREATE INDEX "scan_tickets_expires_idx" ON "scan_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_bindings_designer_key" ON "wechat_bindings" USING btree ("designer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_bindings_openid_key" ON "wechat_bindings" USING btree ("provider","openid");--> statement-breakpoint
CREATE INDEX "sms_codes_phone_purpose_idx" ON "sms_codes" USING btree ("phone","purpose","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sms_codes_expires_idx" ON "sms_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_phone_created_idx" ON "sms_outbox" USING btree ("phone","created_at" DESC NULLS LAST);
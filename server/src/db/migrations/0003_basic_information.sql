CREATE TABLE "shop_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"designer_id" integer NOT NULL,
	"consignee" varchar(32) NOT NULL,
	"phone" varchar(20) NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6) NOT NULL,
	"district_code" varchar(6) NOT NULL,
	"detail" varchar(120) NOT NULL,
	"postal_code" varchar(6) DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"actor" varchar(16) NOT NULL,
	"actor_name" varchar(32) NOT NULL,
	"note" varchar(500) DEFAULT '' NOT NULL,
	"from_status" smallint,
	"to_status" smallint,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"designer_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"parent_id" integer,
	"code" varchar(32) NOT NULL,
	"title" varchar(64) NOT NULL,
	"type" smallint NOT NULL,
	"direction" smallint NOT NULL,
	"amount" bigint NOT NULL,
	"status" smallint NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "contracts_type_check" CHECK ("contracts"."type" in (0, 1, 2)),
	CONSTRAINT "contracts_direction_check" CHECK ("contracts"."direction" in (0, 1)),
	CONSTRAINT "contracts_status_check" CHECK ("contracts"."status" between 0 and 4),
	CONSTRAINT "contracts_amount_check" CHECK ("contracts"."amount" >= 0),
	CONSTRAINT "contracts_dates_check" CHECK ("contracts"."end_date" >= "contracts"."start_date"),
	CONSTRAINT "contracts_parent_check" CHECK (("contracts"."type" = 0) = ("contracts"."parent_id" is null))
);
--> statement-breakpoint
CREATE TABLE "exclusive_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"designer_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"real_name" varchar(32) NOT NULL,
	"id_type" varchar(16) NOT NULL,
	"id_number" varchar(32) NOT NULL,
	"phone" varchar(20) NOT NULL,
	"bank_code" varchar(16) NOT NULL,
	"bank_name" varchar(64) NOT NULL,
	"bank_province" varchar(6) NOT NULL,
	"bank_city" varchar(6) NOT NULL,
	"bank_branch" varchar(64) NOT NULL,
	"account_name" varchar(32) NOT NULL,
	"account_number" varchar(30) NOT NULL,
	"portfolio" jsonb NOT NULL,
	"statement" text NOT NULL,
	"reject_reason" varchar(200),
	"submitted_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "provider_collections" (
	"designer_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_collections_designer_id_provider_id_pk" PRIMARY KEY("designer_id","provider_id")
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"logo" varchar(1024) DEFAULT '' NOT NULL,
	"city_code" varchar(6) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"styles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"designer_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"logo" varchar(1024) DEFAULT '' NOT NULL,
	"industry" varchar(32) DEFAULT '' NOT NULL,
	"share_ratio" integer NOT NULL,
	"joined_at" date NOT NULL,
	"status" varchar(8) DEFAULT 'active' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_companies_ratio_check" CHECK ("partner_companies"."share_ratio" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "partner_dividends" (
	"id" serial PRIMARY KEY NOT NULL,
	"designer_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"period" varchar(7) NOT NULL,
	"revenue" bigint NOT NULL,
	"ratio" integer NOT NULL,
	"amount" bigint NOT NULL,
	"state" varchar(8) NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_dividends_period_check" CHECK ("partner_dividends"."period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "partner_dividends_revenue_check" CHECK ("partner_dividends"."revenue" >= 0),
	CONSTRAINT "partner_dividends_ratio_check" CHECK ("partner_dividends"."ratio" between 0 and 10000),
	CONSTRAINT "partner_dividends_amount_check" CHECK ("partner_dividends"."amount" = ("partner_dividends"."revenue" * "partner_dividends"."ratio" + 5000) / 10000),
	CONSTRAINT "partner_dividends_paid_check" CHECK (("partner_dividends"."state" = 'paid') = ("partner_dividends"."paid_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "partner_dynamics" (
	"id" serial PRIMARY KEY NOT NULL,
	"designer_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"title" varchar(100) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"cover" varchar(1024) DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "designer_profiles" (
	"designer_id" integer PRIMARY KEY NOT NULL,
	"real_name" varchar(32) DEFAULT '' NOT NULL,
	"gender" varchar(8),
	"city_code" varchar(6),
	"styles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"years_of_experience" smallint,
	"portfolio" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_addresses" ADD CONSTRAINT "shop_addresses_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_parent_id_contracts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exclusive_applications" ADD CONSTRAINT "exclusive_applications_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exclusive_applications" ADD CONSTRAINT "exclusive_applications_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_collections" ADD CONSTRAINT "provider_collections_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_collections" ADD CONSTRAINT "provider_collections_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_companies" ADD CONSTRAINT "partner_companies_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_dividends" ADD CONSTRAINT "partner_dividends_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_dividends" ADD CONSTRAINT "partner_dividends_company_id_partner_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."partner_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_dynamics" ADD CONSTRAINT "partner_dynamics_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_dynamics" ADD CONSTRAINT "partner_dynamics_company_id_partner_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."partner_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "designer_profiles" ADD CONSTRAINT "designer_profiles_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_addresses_designer_idx" ON "shop_addresses" USING btree ("designer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_addresses_one_default_key" ON "shop_addresses" USING btree ("designer_id") WHERE "shop_addresses"."is_default";--> statement-breakpoint
CREATE INDEX "contract_events_contract_idx" ON "contract_events" USING btree ("contract_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_code_key" ON "contracts" USING btree ("code");--> statement-breakpoint
CREATE INDEX "contracts_designer_created_idx" ON "contracts" USING btree ("designer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contracts_parent_idx" ON "contracts" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exclusive_applications_active_key" ON "exclusive_applications" USING btree ("designer_id","provider_id") WHERE "exclusive_applications"."status" in ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "exclusive_applications_designer_idx" ON "exclusive_applications" USING btree ("designer_id","submitted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "exclusive_applications_status_idx" ON "exclusive_applications" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "providers_name_key" ON "providers" USING btree ("name");--> statement-breakpoint
CREATE INDEX "partner_companies_designer_idx" ON "partner_companies" USING btree ("designer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_dividends_company_period_key" ON "partner_dividends" USING btree ("company_id","period");--> statement-breakpoint
CREATE INDEX "partner_dividends_designer_idx" ON "partner_dividends" USING btree ("designer_id");--> statement-breakpoint
CREATE INDEX "partner_dynamics_designer_published_idx" ON "partner_dynamics" USING btree ("designer_id","published_at" DESC NULLS LAST);
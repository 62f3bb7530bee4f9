CREATE TABLE "ledger_daily_rollups" (
	"designer_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" varchar(24) NOT NULL,
	"state" varchar(16) NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"net" bigint NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "ledger_daily_rollups_designer_id_day_kind_state_pk" PRIMARY KEY("designer_id","day","kind","state")
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"designer_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"bank_name" varchar(64) NOT NULL,
	"account_name" varchar(32) NOT NULL,
	"account_number" varchar(30) NOT NULL,
	"state" varchar(16) DEFAULT 'submitted' NOT NULL,
	"failure_reason" varchar(200),
	"submitted_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "withdrawals_amount_check" CHECK ("withdrawals"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "source_type" varchar(16);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "source_id" integer;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "source_title" varchar(128);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "buyer" varchar(64);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "withdrawal_id" integer;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "settle_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ledger_daily_rollups" ADD CONSTRAINT "ledger_daily_rollups_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawals_designer_idx" ON "withdrawals" USING btree ("designer_id","submitted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "withdrawals_state_idx" ON "withdrawals" USING btree ("state","submitted_at");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_designer_pending_idx" ON "ledger_entries" USING btree ("designer_id","settle_due_at") WHERE "ledger_entries"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "ledger_designer_source_idx" ON "ledger_entries" USING btree ("designer_id","source_type","source_id");--> statement-breakpoint
UPDATE "ledger_entries" SET "settle_due_at" = "created_at" + interval '7 days' WHERE "state" = 'pending';--> statement-breakpoint
INSERT INTO "ledger_daily_rollups" ("designer_id", "day", "kind", "state", "amount", "fee", "net", "entries")
SELECT "designer_id", ("created_at" AT TIME ZONE 'Asia/Shanghai')::date, "kind", "state", sum("amount"), sum("fee"), sum("net"), count(*)
FROM "ledger_entries" GROUP BY 1, 2, 3, 4;

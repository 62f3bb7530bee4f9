ALTER TABLE "ledger_daily_rollups" DROP CONSTRAINT "ledger_daily_rollups_designer_id_designers_id_fk";
--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_designer_id_designers_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_daily_rollups" ADD CONSTRAINT "ledger_daily_rollups_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;
CREATE INDEX "fans_designer_age_up_idx" ON "fans" USING btree ("designer_id",coalesce(-("birth_year")::int, 1000000),"id");--> statement-breakpoint
CREATE INDEX "fans_designer_age_down_idx" ON "fans" USING btree ("designer_id",coalesce(-("birth_year")::int, -1000000),"id");--> statement-breakpoint
CREATE INDEX "ledger_designer_amount_idx" ON "ledger_entries" USING btree ("designer_id","amount","id");--> statement-breakpoint
CREATE INDEX "ledger_designer_net_idx" ON "ledger_entries" USING btree ("designer_id","net","id");
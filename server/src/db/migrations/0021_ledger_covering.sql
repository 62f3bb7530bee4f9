DROP INDEX "ledger_designer_created_idx";--> statement-breakpoint
CREATE INDEX "ledger_designer_kind_created_idx" ON "ledger_entries" USING btree ("designer_id","kind","created_at","id","amount","fee","net","state");--> statement-breakpoint
CREATE INDEX "ledger_designer_created_idx" ON "ledger_entries" USING btree ("designer_id","created_at","id","amount","fee","net","kind","state");
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "fans_nickname_trgm_idx" ON "fans" USING gin ("nickname" gin_trgm_ops);
-- GDPR (issue 15): an erased account keeps its row, anonymised, so reservations stay as accounting
-- records and messages and reviews as 'Ancien client'; supprime_le marks it.
ALTER TABLE "users" ADD COLUMN "supprime_le" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "password_resets_expires_idx" ON "password_resets" USING btree ("expires_at");

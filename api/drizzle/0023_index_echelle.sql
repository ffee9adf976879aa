-- Issue 32 items 5 and 6: indexes for 500 apartments with three years of history. The search by
-- dates, an apartment's availability and the admin timeline ask for stays still running after a day
-- (end_date > day): (appartement_id, end_date) skips the years of past stays. The blocked nights are
-- a small share of `occupations` once every stay has its row there. The admin list pages arrivals.
CREATE INDEX "reservations_appartement_fin_idx" ON "reservations" USING btree ("appartement_id","end_date");--> statement-breakpoint
CREATE INDEX "reservations_arrivee_idx" ON "reservations" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "occupations_blocage_idx" ON "occupations" USING btree ("appartement_id","debut") WHERE "occupations"."genre" = 'blocage';--> statement-breakpoint
CREATE INDEX "appartements_ville_idx" ON "appartements" USING btree ("ville");

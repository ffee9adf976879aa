-- No double booking (DECISIONS 7 and 8), enforced by the database on PGlite and PostgreSQL alike:
-- two active stays ('en attente' or 'confirmée') of one apartment may not overlap. Ranges are
-- half-open, so a departure day can be the next arrival day. Violations raise SQLSTATE 23P01.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_no_overlap"
  EXCLUDE USING gist ("appartement_id" WITH =, daterange("start_date", "end_date", '[)') WITH &&)
  WHERE ("status" IN ('en attente', 'confirmée'));

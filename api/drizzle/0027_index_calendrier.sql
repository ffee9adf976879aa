-- Issue 32: the admin calendar's month (and the planning's week) reads every apartment's stays with a
-- night in the period, `start_date < end and end_date > du`, finished ones included. Neither the
-- partial active-stays index (pending and confirmed only) nor the per-apartment ones serve it: the
-- month scanned all of `reservations`. By departure then arrival, the index reads only the stays
-- ending after the month's first day, the arrival checked in the index itself.
CREATE INDEX "reservations_fin_idx" ON "reservations" USING btree ("end_date","start_date");

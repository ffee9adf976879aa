-- Issue 32: the admin reservations list shows how many stays match, and counting every stay of
-- three years of 500 apartments (count(*) over the whole table) was most of its time. The number of
-- stays of each status is kept here, exact, by statement triggers in the transaction of every insert,
-- update, delete or truncate of `reservations` (a booking, a payment, a job, the seed alike): it is
-- what count(*) would answer in the same snapshot, in any process.
-- A write appends its differences (no row is updated in place: bookings never wait for one another
-- on a shared counter row, and no two transactions can deadlock on two of them); the reads add them
-- up and fold them back into one row per status once there are many (reservations/status-counts.ts).
-- The list by status pages its stays newest arrivals first: by status, then arrival, the page's ids
-- are read from the index alone (the arrivals index read every stay of other statuses on the way).
LOCK TABLE "reservations" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE TABLE "reservations_par_statut" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"nombre" integer NOT NULL
);
--> statement-breakpoint
INSERT INTO "reservations_par_statut" ("status", "nombre")
	SELECT "status", count(*)::integer FROM "reservations" GROUP BY "status";--> statement-breakpoint
CREATE FUNCTION "reservations_par_statut_suivre"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		DELETE FROM "reservations_par_statut";
	ELSIF TG_OP = 'INSERT' THEN
		INSERT INTO "reservations_par_statut" ("status", "nombre")
			SELECT "status", count(*)::integer FROM "reservations_nouvelles" GROUP BY "status";
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "reservations_par_statut" ("status", "nombre")
			SELECT "status", -count(*)::integer FROM "reservations_anciennes" GROUP BY "status";
	ELSE
		-- An update: only a change of status counts (most updates touch other columns and add nothing).
		INSERT INTO "reservations_par_statut" ("status", "nombre")
			SELECT "status", sum("n")::integer FROM (
				SELECT "status", 1 AS "n" FROM "reservations_nouvelles"
				UNION ALL SELECT "status", -1 FROM "reservations_anciennes"
			) x GROUP BY "status" HAVING sum("n") <> 0;
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "reservations_par_statut_ajout" AFTER INSERT ON "reservations" REFERENCING NEW TABLE AS "reservations_nouvelles"
	FOR EACH STATEMENT EXECUTE FUNCTION "reservations_par_statut_suivre"();--> statement-breakpoint
CREATE TRIGGER "reservations_par_statut_modification" AFTER UPDATE ON "reservations" REFERENCING OLD TABLE AS "reservations_anciennes" NEW TABLE AS "reservations_nouvelles"
	FOR EACH STATEMENT EXECUTE FUNCTION "reservations_par_statut_suivre"();--> statement-breakpoint
CREATE TRIGGER "reservations_par_statut_suppression" AFTER DELETE ON "reservations" REFERENCING OLD TABLE AS "reservations_anciennes"
	FOR EACH STATEMENT EXECUTE FUNCTION "reservations_par_statut_suivre"();--> statement-breakpoint
CREATE TRIGGER "reservations_par_statut_vidage" AFTER TRUNCATE ON "reservations"
	FOR EACH STATEMENT EXECUTE FUNCTION "reservations_par_statut_suivre"();--> statement-breakpoint
CREATE INDEX "reservations_statut_arrivee_idx" ON "reservations" USING btree ("status","start_date","id");

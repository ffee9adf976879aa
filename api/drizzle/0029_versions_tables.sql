-- Issue 32: the search, the list and the towns keep what they derive from the catalogue (towns,
-- facets, the visible ids, the rates of the taxe de séjour) and must know, at every request, whether
-- it is still the database's. They read every published apartment's row version (`xmin`) for it:
-- 500 rows of the embedded database's single thread per request. A table's version is now the
-- number of writes it has had, kept here by statement triggers in the transaction of every insert,
-- update, delete or truncate (the admin, the reviews, a job, the seed, another process alike): a
-- reader's sum counts exactly the writes committed in its snapshot, so it changes with each of them
-- and never with a write not yet committed or rolled back.
-- Writes append one row (none is updated in place: writers never wait for one another here, and two
-- transactions writing apartments in different orders cannot deadlock on a shared row); the reads
-- add them up and fold them back into one row per table once there are many (cache/table-versions.ts).
CREATE TABLE "ecritures_comptees" (
	"id" serial PRIMARY KEY NOT NULL,
	"sujet" text NOT NULL,
	"nombre" integer NOT NULL
);
--> statement-breakpoint
INSERT INTO "ecritures_comptees" ("sujet", "nombre") VALUES ('appartements', 1), ('taxe_sejour_taux', 1);--> statement-breakpoint
CREATE FUNCTION "ecritures_comptees_suivre"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- A statement that changed no row changes nothing that was read (an UPDATE … WHERE matching none).
	IF TG_OP = 'TRUNCATE' OR EXISTS (SELECT 1 FROM "lignes") THEN
		INSERT INTO "ecritures_comptees" ("sujet", "nombre") VALUES (TG_TABLE_NAME, 1);
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ecritures_comptees_ajout" AFTER INSERT ON "appartements" REFERENCING NEW TABLE AS "lignes"
	FOR EACH STATEMENT EXECUTE FUNCTION "ecritures_comptees_suivre"();--> statement-breakpoint
CREATE TRIGGER "ecritures_comptees_modification" AFTER UPDATE ON "appartements" REFERENCING NEW TABLE AS "lignes"
	FOR EACH STATEMENT EXECUTE FUNCTION "ecritures_comptees_suivre"();--> statement-breakpoint
CREATE TRIGGER "ecritures_comptees_suppression" AFTER DELETE ON "appartements" REFERENCING OLD TABLE AS "lignes"
	FOR EACH STATEMENT EXECUTE FUNCTION "ecritures_comptees_suivre"();--> statement-breakpoint
CREATE TRIGGER "ecritures_comptees_vidage" AFTER TRUNCATE ON "appartements"
	FOR EACH STATEMENT EXECUTE FUNCTION "ecritures_comptees_suivre"();--> statement-breakpoint
CREATE TRIGGER "ecritures_comptees_ajout" AFTER INSERT ON "taxe_sejour_taux" REFERENCING NEW TABLE AS "lignes"
	FOR EACH STATEMENT EXECUTE FUNCTION "ecritures_comptees_suivre"();--> statement-breakpoint
CREATE TRIGGER "ecritures_comptees_modification" AFTER UPDATE ON "taxe_sejour_taux" REFERENCING NEW TABLE AS "lignes"
	FOR EACH STATEMENT EXECUTE FUNCTION "ecritures_comptees_suivre"();--> statement-breakpoint
CREATE TRIGGER "ecritures_comptees_suppression" AFTER DELETE ON "taxe_sejour_taux" REFERENCING OLD TABLE AS "lignes"
	FOR EACH STATEMENT EXECUTE FUNCTION "ecritures_comptees_suivre"();--> statement-breakpoint
CREATE TRIGGER "ecritures_comptees_vidage" AFTER TRUNCATE ON "taxe_sejour_taux"
	FOR EACH STATEMENT EXECUTE FUNCTION "ecritures_comptees_suivre"();

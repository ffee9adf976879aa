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
-- The same four triggers on each table whose writes are counted: another table is one more name here.
DO $$
DECLARE
	t text;
BEGIN
	FOREACH t IN ARRAY ARRAY['appartements', 'taxe_sejour_taux'] LOOP
		EXECUTE format('CREATE TRIGGER "ecritures_comptees_ajout" AFTER INSERT ON %I REFERENCING NEW TABLE AS "lignes" FOR EACH STATEMENT EXECUTE FUNCTION "ecritures_comptees_suivre"()', t);
		EXECUTE format('CREATE TRIGGER "ecritures_comptees_modification" AFTER UPDATE ON %I REFERENCING NEW TABLE AS "lignes" FOR EACH STATEMENT EXECUTE FUNCTION "ecritures_comptees_suivre"()', t);
		EXECUTE format('CREATE TRIGGER "ecritures_comptees_suppression" AFTER DELETE ON %I REFERENCING OLD TABLE AS "lignes" FOR EACH STATEMENT EXECUTE FUNCTION "ecritures_comptees_suivre"()', t);
		EXECUTE format('CREATE TRIGGER "ecritures_comptees_vidage" AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "ecritures_comptees_suivre"()', t);
	END LOOP;
END;
$$;

-- Issue 32 item 5: an apartment's note without averaging every review on each read. The count and
-- the sum of its review marks live on the apartment, filled from the reviews here, then kept exact by
-- statement triggers on `avis` in the transaction of every insert, update, delete or truncate (the
-- seed, a guest's review, a cascade from a deleted account or apartment alike).
-- The search by dates reads the pending and confirmed stays overlapping the stay over every apartment
-- at once: a partial index by departure then arrival holds only those (the years of finished stays stay out).
CREATE INDEX "reservations_actives_idx" ON "reservations" USING btree ("end_date","start_date") WHERE "reservations"."status" = any(array['en attente', 'confirmée']);--> statement-breakpoint
ALTER TABLE "appartements" ADD COLUMN "avis_nombre" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appartements" ADD COLUMN "avis_somme" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "appartements" a SET "avis_nombre" = r."n", "avis_somme" = r."s"
	FROM (SELECT "appartement_id", count(*)::integer AS "n", sum("note")::integer AS "s" FROM "avis" GROUP BY "appartement_id") r
	WHERE a."id" = r."appartement_id";--> statement-breakpoint
ALTER TABLE "appartements" ADD CONSTRAINT "appartements_avis_check" CHECK ("appartements"."avis_nombre" >= 0 and "appartements"."avis_somme" between "appartements"."avis_nombre" and 5 * "appartements"."avis_nombre");--> statement-breakpoint
CREATE FUNCTION "avis_totaux_appartements"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		UPDATE "appartements" SET "avis_nombre" = 0, "avis_somme" = 0 WHERE "avis_nombre" <> 0;
	ELSIF TG_OP = 'INSERT' THEN
		UPDATE "appartements" a SET "avis_nombre" = a."avis_nombre" + d."n", "avis_somme" = a."avis_somme" + d."s"
			FROM (SELECT "appartement_id", count(*)::integer AS "n", sum("note")::integer AS "s" FROM "avis_nouveaux" GROUP BY "appartement_id") d
			WHERE a."id" = d."appartement_id";
	ELSIF TG_OP = 'DELETE' THEN
		UPDATE "appartements" a SET "avis_nombre" = a."avis_nombre" - d."n", "avis_somme" = a."avis_somme" - d."s"
			FROM (SELECT "appartement_id", count(*)::integer AS "n", sum("note")::integer AS "s" FROM "avis_anciens" GROUP BY "appartement_id") d
			WHERE a."id" = d."appartement_id";
	ELSE
		-- An update (a reply, a mark changed): only the difference, and only where there is one.
		UPDATE "appartements" a SET "avis_nombre" = a."avis_nombre" + d."n", "avis_somme" = a."avis_somme" + d."s"
			FROM (
				SELECT "appartement_id", sum("n")::integer AS "n", sum("s")::integer AS "s" FROM (
					SELECT "appartement_id", 1 AS "n", "note" AS "s" FROM "avis_nouveaux"
					UNION ALL SELECT "appartement_id", -1, -"note" FROM "avis_anciens"
				) x GROUP BY "appartement_id" HAVING sum("n") <> 0 OR sum("s") <> 0
			) d
			WHERE a."id" = d."appartement_id";
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "avis_totaux_ajout" AFTER INSERT ON "avis" REFERENCING NEW TABLE AS "avis_nouveaux"
	FOR EACH STATEMENT EXECUTE FUNCTION "avis_totaux_appartements"();--> statement-breakpoint
CREATE TRIGGER "avis_totaux_modification" AFTER UPDATE ON "avis" REFERENCING OLD TABLE AS "avis_anciens" NEW TABLE AS "avis_nouveaux"
	FOR EACH STATEMENT EXECUTE FUNCTION "avis_totaux_appartements"();--> statement-breakpoint
CREATE TRIGGER "avis_totaux_suppression" AFTER DELETE ON "avis" REFERENCING OLD TABLE AS "avis_anciens"
	FOR EACH STATEMENT EXECUTE FUNCTION "avis_totaux_appartements"();--> statement-breakpoint
CREATE TRIGGER "avis_totaux_vidage" AFTER TRUNCATE ON "avis"
	FOR EACH STATEMENT EXECUTE FUNCTION "avis_totaux_appartements"();

-- Channel sync (issue 14): iCal export and import with Airbnb, Booking.com, Abritel/Vrbo.
--
-- One occupancy table holds every night an apartment is taken: a row per stay ('sejour', kept in
-- step with `reservations` by a trigger) and a row per blocked night ('blocage': manual blocks of
-- `disponibilites`, kept by a trigger, and nights imported from other channels). One exclusion
-- constraint forbids a stay and an active block to overlap, so a direct booking can never land on
-- an imported or manual block, even when the import and the booking commit at the same instant
-- (stays among themselves stay under `reservations_no_overlap`; blocks may overlap each other,
-- as Airbnb and Booking.com often both block the night of one booking).
-- An imported night over a stay already booked here is kept inactive (`actif = false`) and the
-- conflict is stored: both are kept, admins are told.
CREATE TABLE "flux_ical" (
	"id" serial PRIMARY KEY NOT NULL,
	"appartement_id" integer NOT NULL REFERENCES "appartements"("id") ON DELETE cascade,
	"libelle" text NOT NULL,
	"url" text NOT NULL,
	"etag" text,
	"last_modified" text,
	"derniere_synchro_le" timestamp with time zone,
	"derniere_tentative_le" timestamp with time zone,
	"derniere_erreur" text,
	"evenements" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flux_ical_libelle_check" CHECK ("libelle" in ('Airbnb', 'Booking.com', 'Abritel/Vrbo', 'Autre')),
	CONSTRAINT "flux_ical_appartement_url_key" UNIQUE ("appartement_id", "url")
);
--> statement-breakpoint
CREATE TABLE "blocages_importes" (
	"id" serial PRIMARY KEY NOT NULL,
	"flux_id" integer NOT NULL REFERENCES "flux_ical"("id") ON DELETE cascade,
	"appartement_id" integer NOT NULL REFERENCES "appartements"("id") ON DELETE cascade,
	"uid" text NOT NULL,
	"debut" date NOT NULL,
	"fin" date NOT NULL,
	"resume" text,
	CONSTRAINT "blocages_importes_dates_check" CHECK ("fin" > "debut"),
	CONSTRAINT "blocages_importes_flux_uid_debut_key" UNIQUE ("flux_id", "uid", "debut")
);
--> statement-breakpoint
CREATE INDEX "blocages_importes_appartement_idx" ON "blocages_importes" ("appartement_id", "debut");
--> statement-breakpoint
ALTER TABLE "disponibilites" ADD COLUMN "note" text;
--> statement-breakpoint
CREATE TABLE "occupations" (
	"id" serial PRIMARY KEY NOT NULL,
	"appartement_id" integer NOT NULL REFERENCES "appartements"("id") ON DELETE cascade,
	"debut" date NOT NULL,
	"fin" date NOT NULL,
	"genre" text NOT NULL,
	"actif" boolean DEFAULT true NOT NULL,
	"reservation_id" integer REFERENCES "reservations"("id") ON DELETE cascade,
	"disponibilite_id" integer REFERENCES "disponibilites"("id") ON DELETE cascade,
	"blocage_id" integer REFERENCES "blocages_importes"("id") ON DELETE cascade,
	CONSTRAINT "occupations_dates_check" CHECK ("fin" > "debut"),
	CONSTRAINT "occupations_genre_check" CHECK (
		("genre" = 'sejour' and "reservation_id" is not null and "disponibilite_id" is null and "blocage_id" is null)
		or ("genre" = 'blocage' and "reservation_id" is null and (("disponibilite_id" is null) <> ("blocage_id" is null)) and "fin" = "debut" + 1)
	),
	CONSTRAINT "occupations_reservation_key" UNIQUE ("reservation_id"),
	CONSTRAINT "occupations_disponibilite_key" UNIQUE ("disponibilite_id"),
	CONSTRAINT "occupations_blocage_nuit_key" UNIQUE ("blocage_id", "debut"),
	CONSTRAINT "occupations_sejour_blocage_exclu"
		EXCLUDE USING gist ("appartement_id" WITH =, daterange("debut", "fin", '[)') WITH &&, "genre" WITH <>)
		WHERE ("actif")
);
--> statement-breakpoint
CREATE TABLE "conflits_calendrier" (
	"id" serial PRIMARY KEY NOT NULL,
	"appartement_id" integer NOT NULL REFERENCES "appartements"("id") ON DELETE cascade,
	"reservation_id" integer NOT NULL REFERENCES "reservations"("id") ON DELETE cascade,
	"blocage_id" integer NOT NULL REFERENCES "blocages_importes"("id") ON DELETE cascade,
	"debut" date NOT NULL,
	"fin" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conflits_calendrier_reservation_blocage_key" UNIQUE ("reservation_id", "blocage_id")
);
--> statement-breakpoint
CREATE TABLE "calendriers_export" (
	"appartement_id" integer PRIMARY KEY NOT NULL REFERENCES "appartements"("id") ON DELETE cascade,
	"token" text NOT NULL,
	"etag" text,
	"modifie_le" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendriers_export_token_key" UNIQUE ("token")
);
--> statement-breakpoint
-- A stay's occupancy follows the stay: created with it, moved with its dates, inactive once it is
-- neither 'en attente' nor 'confirmée'. An overlap with an active block raises 23P01 in the
-- reservation's own statement, which the booking code already answers with a 409.
CREATE FUNCTION "occupations_suivre_reservation"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	nuit record;
BEGIN
	IF TG_OP = 'DELETE' THEN
		DELETE FROM occupations WHERE reservation_id = OLD.id;
	ELSE
		INSERT INTO occupations (appartement_id, debut, fin, genre, actif, reservation_id)
		VALUES (NEW.appartement_id, NEW.start_date, NEW.end_date, 'sejour', NEW.status IN ('en attente', 'confirmée'), NEW.id)
		ON CONFLICT (reservation_id) DO UPDATE
			SET appartement_id = excluded.appartement_id, debut = excluded.debut, fin = excluded.fin, actif = excluded.actif;
	END IF;
	-- Imported nights held back by this stay's former nights block the apartment again, unless a
	-- stay still (or newly) covers them, or a booking took them meanwhile.
	IF TG_OP <> 'INSERT' THEN
		FOR nuit IN
			SELECT id FROM occupations
			WHERE appartement_id = OLD.appartement_id AND genre = 'blocage' AND NOT actif
				AND daterange(debut, fin, '[)') && daterange(OLD.start_date, OLD.end_date, '[)')
		LOOP
			BEGIN
				UPDATE occupations SET actif = true WHERE id = nuit.id;
			EXCEPTION WHEN exclusion_violation THEN
				NULL;
			END;
		END LOOP;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "reservations_occupation" AFTER INSERT OR UPDATE OF "appartement_id", "start_date", "end_date", "status" OR DELETE ON "reservations"
	FOR EACH ROW EXECUTE FUNCTION "occupations_suivre_reservation"();
--> statement-breakpoint
-- A manual block is refused over a booked night (23P01): an admin sees the stay and decides.
CREATE FUNCTION "occupations_suivre_disponibilite"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO occupations (appartement_id, debut, fin, genre, actif, disponibilite_id)
	VALUES (NEW.appartement_id, NEW.date, NEW.date + 1, 'blocage', true, NEW.id);
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "disponibilites_occupation" AFTER INSERT ON "disponibilites"
	FOR EACH ROW EXECUTE FUNCTION "occupations_suivre_disponibilite"();
--> statement-breakpoint
-- Existing data: stays first; a blocked day that already overlaps a stay is kept, inactive.
INSERT INTO "occupations" (appartement_id, debut, fin, genre, actif, reservation_id)
SELECT appartement_id, start_date, end_date, 'sejour', status IN ('en attente', 'confirmée'), id FROM "reservations";
--> statement-breakpoint
INSERT INTO "occupations" (appartement_id, debut, fin, genre, actif, disponibilite_id)
SELECT d.appartement_id, d.date, d.date + 1, 'blocage',
	NOT EXISTS (
		SELECT 1 FROM reservations r
		WHERE r.appartement_id = d.appartement_id AND r.status IN ('en attente', 'confirmée')
			AND r.start_date <= d.date AND r.end_date > d.date
	),
	d.id
FROM "disponibilites" d;

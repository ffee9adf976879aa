-- Issues 30 and 32: an apartment's town and coordinates as fields of their own. The town is taken
-- from today's free text: a Metz quarter ('Metz Sablon', 'Metz Centre') is the town 'Metz'; any
-- other text ('Montigny-lès-Metz') is a town. Coordinates are unknown until an admin enters them.
ALTER TABLE "appartements" ADD COLUMN "ville" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "appartements" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "appartements" ADD COLUMN "longitude" double precision;--> statement-breakpoint
UPDATE "appartements" SET "ville" = CASE WHEN btrim("localisation") ~* '^metz(\s|$)' THEN 'Metz' ELSE btrim("localisation") END;--> statement-breakpoint
ALTER TABLE "appartements" ADD CONSTRAINT "appartements_latitude_check" CHECK ("appartements"."latitude" between -90 and 90);--> statement-breakpoint
ALTER TABLE "appartements" ADD CONSTRAINT "appartements_longitude_check" CHECK ("appartements"."longitude" between -180 and 180);--> statement-breakpoint
ALTER TABLE "appartements" ADD CONSTRAINT "appartements_coordonnees_check" CHECK (("appartements"."latitude" is null) = ("appartements"."longitude" is null));

CREATE TABLE "taxe_sejour_taux" (
	"annee" integer PRIMARY KEY NOT NULL,
	"taux" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appartements" ADD COLUMN "tarifs" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "appartements" ADD COLUMN "classement" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appartements" ADD COLUMN "numero_enregistrement" text;--> statement-breakpoint
ALTER TABLE "appartements" ADD COLUMN "publie" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Existing stays: every guest counted as an adult (hand-edited: add, fill, then require).
ALTER TABLE "reservations" ADD COLUMN "adultes" integer;--> statement-breakpoint
UPDATE "reservations" SET "adultes" = "guests_count";--> statement-breakpoint
ALTER TABLE "reservations" ALTER COLUMN "adultes" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "enfants" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "devis" jsonb;--> statement-breakpoint
ALTER TABLE "appartements" ADD CONSTRAINT "appartements_classement_check" CHECK ("appartements"."classement" between 0 and 5);--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_adultes_check" CHECK ("reservations"."adultes" >= 1 and "reservations"."enfants" >= 0);
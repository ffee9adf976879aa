-- Issue 31 item 7, DECISIONS 36: a facture for every amount received, an avoir for every refund owed.
-- Numbers have no gap per year and kind: `compteurs_factures` holds the last number given, and the
-- row is updated (so locked) in the transaction that records the movement; a rollback gives the
-- number back with it. A SEQUENCE would not: nextval() is never rolled back. A document is written
-- once, with everything it states frozen in `contenu`, and is never changed nor deleted (trigger).
CREATE TABLE "compteurs_factures" (
	"annee" integer NOT NULL,
	"type" text NOT NULL,
	"dernier" integer NOT NULL,
	CONSTRAINT "compteurs_factures_pk" PRIMARY KEY ("annee", "type"),
	CONSTRAINT "compteurs_factures_type_check" CHECK ("type" in ('facture', 'avoir')),
	CONSTRAINT "compteurs_factures_dernier_check" CHECK ("dernier" >= 1)
);
--> statement-breakpoint
CREATE TABLE "factures" (
	"id" serial PRIMARY KEY NOT NULL,
	"numero" text NOT NULL,
	"type" text NOT NULL,
	"annee" integer NOT NULL,
	"rang" integer NOT NULL,
	"reservation_id" integer NOT NULL REFERENCES "reservations"("id") ON DELETE RESTRICT,
	"mouvement_id" integer NOT NULL REFERENCES "mouvements"("id") ON DELETE RESTRICT,
	"montant_cents" integer NOT NULL,
	"emise_le" timestamp with time zone DEFAULT now() NOT NULL,
	"contenu" jsonb NOT NULL,
	CONSTRAINT "factures_numero_key" UNIQUE ("numero"),
	CONSTRAINT "factures_rang_key" UNIQUE ("type", "annee", "rang"),
	CONSTRAINT "factures_mouvement_key" UNIQUE ("mouvement_id"),
	CONSTRAINT "factures_type_check" CHECK ("type" in ('facture', 'avoir')),
	CONSTRAINT "factures_montant_check" CHECK ("montant_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX "factures_reservation_idx" ON "factures" ("reservation_id", "id");
--> statement-breakpoint
CREATE FUNCTION "factures_ajout_seul"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'Les factures et avoirs émis ne se modifient ni ne se suppriment.' USING ERRCODE = '55000';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "factures_ni_modification_ni_suppression" BEFORE UPDATE OR DELETE ON "factures"
	FOR EACH ROW EXECUTE FUNCTION "factures_ajout_seul"();
--> statement-breakpoint
CREATE TRIGGER "factures_pas_de_vidage" BEFORE TRUNCATE ON "factures"
	FOR EACH STATEMENT EXECUTE FUNCTION "factures_ajout_seul"();
--> statement-breakpoint
-- Who the invoices are made out to, besides the guest's name: optional, editable until the first one.
ALTER TABLE "reservations" ADD COLUMN "facturation_societe" text;
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "facturation_adresse" text;

-- Issue 30 item 3, DECISIONS 40: private check-in instructions per apartment, in a table of their own
-- so that no public query of `appartements` can select them; and when the mail carrying them was
-- queued for a reservation (set in the transaction that queues it: sent once).
CREATE TABLE "acces_appartements" (
	"appartement_id" integer PRIMARY KEY NOT NULL REFERENCES "appartements"("id") ON DELETE cascade,
	"adresse" text NOT NULL,
	"code_acces" text DEFAULT '' NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"wifi_nom" text DEFAULT '' NOT NULL,
	"wifi_mot_de_passe" text DEFAULT '' NOT NULL,
	"livret" text DEFAULT '' NOT NULL,
	"parking" text DEFAULT '' NOT NULL,
	"modifie_le" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "acces_envoye_le" timestamp with time zone;

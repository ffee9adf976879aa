-- Issue 13: real payment. Bank transfer joins the methods; a reservation awaiting its deposit has a
-- deadline (Stripe hold or transfer delay); every payment event is a row of `paiements` (amounts in
-- cents); Stripe webhook events are recorded once (replays change nothing). Issue 15: the CGV version
-- and time the guest accepted them.
ALTER TABLE "reservations" DROP CONSTRAINT "reservations_payment_method_check";--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_payment_method_check" CHECK ("reservations"."payment_method" is null or "reservations"."payment_method" in ('card', 'paypal', 'applepay', 'virement'));--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "paiement_echeance" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "acompte_rembourse_cents" integer;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "cgv_version" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "cgv_acceptee_le" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "reservations_echeance_idx" ON "reservations" ("paiement_echeance") WHERE "status" = 'en attente';--> statement-breakpoint
CREATE TABLE "paiements" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL REFERENCES "reservations"("id") ON DELETE CASCADE,
	"fournisseur" text NOT NULL,
	"type" text NOT NULL,
	"montant_cents" integer NOT NULL,
	"etat" text NOT NULL,
	"stripe_session_id" text UNIQUE,
	"stripe_payment_intent_id" text,
	"stripe_refund_id" text UNIQUE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paiements_fournisseur_check" CHECK ("fournisseur" in ('stripe', 'virement')),
	CONSTRAINT "paiements_type_check" CHECK ("type" in ('acompte', 'remboursement')),
	CONSTRAINT "paiements_etat_check" CHECK ("etat" in ('en attente', 'payé', 'expiré', 'annulé', 'remboursé', 'à rembourser')),
	CONSTRAINT "paiements_montant_check" CHECK ("montant_cents" >= 0)
);--> statement-breakpoint
CREATE INDEX "paiements_reservation_idx" ON "paiements" ("reservation_id");--> statement-breakpoint
CREATE TABLE "stripe_evenements" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"recu_le" timestamp with time zone DEFAULT now() NOT NULL
);

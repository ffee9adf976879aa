-- Issue 31, DECISIONS 32: money is a ledger. Every amount due, received, refunded or written off is a
-- row of `mouvements`, which the database keeps append-only (a trigger refuses UPDATE, DELETE and
-- TRUNCATE); balances are computed from it. `remboursements` follows each refund the site owes until
-- it is done (Stripe's Refunds API, or a transfer an admin marks as made). The movements implied by
-- the existing payment rows are written here, then the balances stored beside them are dropped.
CREATE TABLE "mouvements" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL REFERENCES "reservations"("id"),
	"type" text NOT NULL,
	"montant_cents" integer NOT NULL,
	"moyen" text,
	"reference" text,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"auteur" text NOT NULL,
	"auteur_id" integer REFERENCES "users"("id"),
	"note" text,
	"lien_id" integer REFERENCES "mouvements"("id"),
	"cle" text,
	"cree_le" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mouvements_cle_key" UNIQUE ("cle"),
	CONSTRAINT "mouvements_type_check" CHECK ("type" in ('acompte_du', 'acompte_recu', 'solde_du', 'solde_recu', 'remboursement_du', 'remboursement_effectue', 'annulation_du')),
	CONSTRAINT "mouvements_moyen_check" CHECK ("moyen" is null or "moyen" in ('stripe', 'virement', 'especes', 'autre')),
	CONSTRAINT "mouvements_auteur_check" CHECK ("auteur" in ('client', 'admin', 'système', 'stripe')),
	CONSTRAINT "mouvements_montant_check" CHECK ("montant_cents" >= 0),
	CONSTRAINT "mouvements_lien_check" CHECK (("type" = 'remboursement_effectue') = ("lien_id" is not null))
);
--> statement-breakpoint
CREATE INDEX "mouvements_reservation_idx" ON "mouvements" ("reservation_id", "id");
--> statement-breakpoint
-- A refund owed is settled once.
CREATE UNIQUE INDEX "mouvements_remboursement_effectue_unique" ON "mouvements" ("lien_id") WHERE "type" = 'remboursement_effectue';
--> statement-breakpoint
CREATE FUNCTION "mouvements_ajout_seul"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'Les mouvements sont en ajout seul : ils ne se modifient ni ne se suppriment.' USING ERRCODE = '55000';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "mouvements_ni_modification_ni_suppression" BEFORE UPDATE OR DELETE ON "mouvements"
	FOR EACH ROW EXECUTE FUNCTION "mouvements_ajout_seul"();
--> statement-breakpoint
CREATE TRIGGER "mouvements_pas_de_vidage" BEFORE TRUNCATE ON "mouvements"
	FOR EACH STATEMENT EXECUTE FUNCTION "mouvements_ajout_seul"();
--> statement-breakpoint
CREATE TABLE "remboursements" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL REFERENCES "reservations"("id"),
	"mouvement_id" integer NOT NULL REFERENCES "mouvements"("id"),
	"moyen" text NOT NULL,
	"montant_cents" integer NOT NULL,
	"etat" text NOT NULL,
	"stripe_payment_intent_id" text,
	"stripe_refund_id" text,
	"effectue_le" date,
	"reference" text,
	"derniere_erreur" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remboursements_mouvement_key" UNIQUE ("mouvement_id"),
	CONSTRAINT "remboursements_stripe_refund_key" UNIQUE ("stripe_refund_id"),
	CONSTRAINT "remboursements_moyen_check" CHECK ("moyen" in ('stripe', 'virement')),
	CONSTRAINT "remboursements_etat_check" CHECK ("etat" in ('à effectuer', 'demandé', 'effectué', 'échec')),
	CONSTRAINT "remboursements_montant_check" CHECK ("montant_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX "remboursements_reservation_idx" ON "remboursements" ("reservation_id");
--> statement-breakpoint
CREATE INDEX "remboursements_a_faire_idx" ON "remboursements" ("etat") WHERE "etat" <> 'effectué';
--> statement-breakpoint
-- Where a transfer refund goes: entered by the guest on their reservation.
ALTER TABLE "reservations" ADD COLUMN "remboursement_iban" text;
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "remboursement_titulaire" text;
--> statement-breakpoint
-- The day the balance becomes payable (DECISIONS 34), fixed at booking: the terms the guest was given.
-- Stays booked before: on arrival day, as their terms said.
ALTER TABLE "reservations" ADD COLUMN "solde_exigible_le" date;
--> statement-breakpoint
UPDATE "reservations" SET "solde_exigible_le" = "start_date" WHERE "payment_method" IS NOT NULL AND "remainder" > 0 AND "status" IN ('en attente', 'confirmée');
--> statement-breakpoint
-- A Checkout Session may now be for the balance too.
ALTER TABLE "paiements" DROP CONSTRAINT "paiements_type_check";
--> statement-breakpoint
ALTER TABLE "paiements" ADD CONSTRAINT "paiements_type_check" CHECK ("type" in ('acompte', 'solde', 'remboursement'));
--> statement-breakpoint
-- What the existing rows imply. Dues: the deposit of every stay that went through payment, and the
-- balance of the stays still to come. A finished stay's balance was settled on arrival under the old
-- terms, outside the site: it was never recorded, so the books do not invent it.
INSERT INTO "mouvements" ("reservation_id", "type", "montant_cents", "date", "auteur", "note", "cle")
SELECT "id", 'acompte_du', round("deposit" * 100)::integer, "created_at", 'système', 'Reprise des paiements existants', 'reprise:acompte_du:' || "id"
FROM "reservations" WHERE "payment_method" IS NOT NULL AND "deposit" > 0;
--> statement-breakpoint
INSERT INTO "mouvements" ("reservation_id", "type", "montant_cents", "date", "auteur", "note", "cle")
SELECT "id", 'solde_du', round("remainder" * 100)::integer, "created_at", 'système', 'Reprise des paiements existants', 'reprise:solde_du:' || "id"
FROM "reservations" WHERE "payment_method" IS NOT NULL AND "remainder" > 0 AND "status" IN ('en attente', 'confirmée');
--> statement-breakpoint
INSERT INTO "mouvements" ("reservation_id", "type", "montant_cents", "moyen", "reference", "date", "auteur", "note", "cle")
SELECT "reservation_id", 'acompte_recu', "montant_cents", "fournisseur", coalesce("stripe_payment_intent_id", "stripe_session_id", 'SM-' || "reservation_id"), "updated_at",
	CASE WHEN "fournisseur" = 'stripe' THEN 'stripe' ELSE 'admin' END, 'Reprise des paiements existants', 'reprise:paiement:' || "id"
FROM "paiements" WHERE "type" = 'acompte' AND "etat" = 'payé';
--> statement-breakpoint
-- Deposits recorded as paid without a payment row (stays recorded before payment was real).
INSERT INTO "mouvements" ("reservation_id", "type", "montant_cents", "moyen", "date", "auteur", "note", "cle")
SELECT r."id", 'acompte_recu', round(r."deposit" * 100)::integer, 'autre', r."created_at", 'système', 'Reprise : acompte enregistré comme payé, sans trace du paiement', 'reprise:acompte_recu:' || r."id"
FROM "reservations" r
WHERE r."payment_completed" AND r."deposit" > 0
	AND NOT EXISTS (SELECT 1 FROM "paiements" p WHERE p."reservation_id" = r."id" AND p."type" = 'acompte' AND p."etat" = 'payé');
--> statement-breakpoint
INSERT INTO "mouvements" ("reservation_id", "type", "montant_cents", "moyen", "reference", "date", "auteur", "note", "cle")
SELECT "reservation_id", 'remboursement_du', "montant_cents", "fournisseur", coalesce("stripe_refund_id", "stripe_payment_intent_id"), "created_at", 'système', 'Reprise des paiements existants', 'reprise:remboursement_du:' || "id"
FROM "paiements" WHERE "type" = 'remboursement' AND "montant_cents" > 0;
--> statement-breakpoint
INSERT INTO "remboursements" ("reservation_id", "mouvement_id", "moyen", "montant_cents", "etat", "stripe_payment_intent_id", "stripe_refund_id", "effectue_le", "created_at", "updated_at")
SELECT p."reservation_id", m."id", p."fournisseur", p."montant_cents", CASE WHEN p."etat" = 'remboursé' THEN 'effectué' ELSE 'à effectuer' END,
	p."stripe_payment_intent_id", p."stripe_refund_id", CASE WHEN p."etat" = 'remboursé' THEN (p."updated_at" AT TIME ZONE 'Europe/Paris')::date END, p."created_at", p."updated_at"
FROM "paiements" p JOIN "mouvements" m ON m."cle" = 'reprise:remboursement_du:' || p."id";
--> statement-breakpoint
INSERT INTO "mouvements" ("reservation_id", "type", "montant_cents", "moyen", "reference", "date", "auteur", "note", "lien_id", "cle")
SELECT p."reservation_id", 'remboursement_effectue', p."montant_cents", p."fournisseur", p."stripe_refund_id", p."updated_at", 'système', 'Reprise des paiements existants', m."id", 'reprise:remboursement_effectue:' || p."id"
FROM "paiements" p JOIN "mouvements" m ON m."cle" = 'reprise:remboursement_du:' || p."id"
WHERE p."etat" = 'remboursé';
--> statement-breakpoint
-- A cancelled stay owes only what it kept: the rest of what was due is written off.
INSERT INTO "mouvements" ("reservation_id", "type", "montant_cents", "date", "auteur", "note", "cle")
SELECT r."id", 'annulation_du', s."du" - least(s."du", greatest(0, s."recu" - s."rembourse")), r."updated_at", 'système', 'Reprise des paiements existants', 'reprise:annulation_du:' || r."id"
FROM "reservations" r
JOIN LATERAL (
	SELECT coalesce(sum("montant_cents") FILTER (WHERE "type" IN ('acompte_du', 'solde_du')), 0) AS "du",
		coalesce(sum("montant_cents") FILTER (WHERE "type" = 'acompte_recu'), 0) AS "recu",
		coalesce(sum("montant_cents") FILTER (WHERE "type" = 'remboursement_du'), 0) AS "rembourse"
	FROM "mouvements" WHERE "reservation_id" = r."id"
) s ON true
WHERE r."status" = 'annulée' AND s."du" - least(s."du", greatest(0, s."recu" - s."rembourse")) > 0;
--> statement-breakpoint
ALTER TABLE "reservations" DROP COLUMN "payment_completed";
--> statement-breakpoint
ALTER TABLE "reservations" DROP COLUMN "acompte_rembourse_cents";

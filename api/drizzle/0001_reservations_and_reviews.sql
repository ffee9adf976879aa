CREATE TABLE "avis" (
	"id" serial PRIMARY KEY NOT NULL,
	"appartement_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reservation_id" integer NOT NULL,
	"note" integer NOT NULL,
	"commentaire" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "avis_reservation_unique" UNIQUE("reservation_id"),
	CONSTRAINT "avis_note_check" CHECK ("avis"."note" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"appartement_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"guests_count" integer NOT NULL,
	"total_price" numeric(10, 2) NOT NULL,
	"deposit" numeric(10, 2) NOT NULL,
	"remainder" numeric(10, 2) NOT NULL,
	"payment_method" text,
	"payment_completed" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'en attente' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_status_check" CHECK ("reservations"."status" in ('en attente', 'confirmée', 'annulée', 'terminée')),
	CONSTRAINT "reservations_payment_method_check" CHECK ("reservations"."payment_method" is null or "reservations"."payment_method" in ('card', 'paypal', 'applepay')),
	CONSTRAINT "reservations_dates_check" CHECK ("reservations"."end_date" > "reservations"."start_date"),
	CONSTRAINT "reservations_guests_check" CHECK ("reservations"."guests_count" >= 1),
	CONSTRAINT "reservations_amounts_check" CHECK ("reservations"."total_price" >= 0 and "reservations"."deposit" >= 0 and "reservations"."remainder" >= 0)
);
--> statement-breakpoint
ALTER TABLE "avis" ADD CONSTRAINT "avis_appartement_id_appartements_id_fk" FOREIGN KEY ("appartement_id") REFERENCES "public"."appartements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avis" ADD CONSTRAINT "avis_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avis" ADD CONSTRAINT "avis_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_appartement_id_appartements_id_fk" FOREIGN KEY ("appartement_id") REFERENCES "public"."appartements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "avis_appartement_idx" ON "avis" USING btree ("appartement_id");--> statement-breakpoint
CREATE INDEX "reservations_user_idx" ON "reservations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reservations_appartement_idx" ON "reservations" USING btree ("appartement_id","start_date");
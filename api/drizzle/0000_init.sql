CREATE TABLE "appartements" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"titre" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"localisation" text NOT NULL,
	"prix_par_nuit" numeric(10, 2) NOT NULL,
	"surface" integer DEFAULT 0 NOT NULL,
	"smoobu_id" integer,
	"politique_annulation" text DEFAULT 'Flexible' NOT NULL,
	"capacite" jsonb NOT NULL,
	"inclus" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"non_inclus" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hote" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"regles" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"equipements" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appartements_slug_unique" UNIQUE("slug"),
	CONSTRAINT "appartements_smoobu_id_unique" UNIQUE("smoobu_id"),
	CONSTRAINT "appartements_prix_check" CHECK ("appartements"."prix_par_nuit" >= 0),
	CONSTRAINT "appartements_surface_check" CHECK ("appartements"."surface" >= 0)
);
--> statement-breakpoint
CREATE TABLE "disponibilites" (
	"id" serial PRIMARY KEY NOT NULL,
	"appartement_id" integer NOT NULL,
	"date" date NOT NULL,
	CONSTRAINT "disponibilites_appartement_date_key" UNIQUE("appartement_id","date")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"nom" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"role" text DEFAULT 'client' NOT NULL,
	"photo" text,
	"google_id" text,
	"telephone" text,
	"adresse" text,
	"city" text,
	"postal_code" text,
	"country" text,
	"bio" text,
	"date_naissance" date,
	"methode_paiement" text,
	"preferences" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_google_id_unique" UNIQUE("google_id"),
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'client'))
);
--> statement-breakpoint
ALTER TABLE "disponibilites" ADD CONSTRAINT "disponibilites_appartement_id_appartements_id_fk" FOREIGN KEY ("appartement_id") REFERENCES "public"."appartements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");
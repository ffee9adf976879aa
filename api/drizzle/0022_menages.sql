-- Cleanings marked done on the planning (issue 30 item 2): one row per apartment and departure day,
-- with who marked it and when. Removing the mark deletes the row (it holds no money).
CREATE TABLE "menages" (
	"appartement_id" integer NOT NULL,
	"date" date NOT NULL,
	"fait_par" integer,
	"fait_le" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "menages_appartement_id_date_pk" PRIMARY KEY("appartement_id","date")
);
--> statement-breakpoint
ALTER TABLE "menages" ADD CONSTRAINT "menages_appartement_id_appartements_id_fk" FOREIGN KEY ("appartement_id") REFERENCES "public"."appartements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menages" ADD CONSTRAINT "menages_fait_par_users_id_fk" FOREIGN KEY ("fait_par") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;

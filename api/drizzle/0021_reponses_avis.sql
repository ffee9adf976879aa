-- Host replies to reviews (issue 30 item 6): one reply per review, editable, with who wrote it and when.
-- The author stays known for the operator's own record; the public page shows only the reply and its date.
ALTER TABLE "avis" ADD COLUMN "reponse" text;--> statement-breakpoint
ALTER TABLE "avis" ADD COLUMN "reponse_le" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "avis" ADD COLUMN "reponse_par" integer;--> statement-breakpoint
ALTER TABLE "avis" ADD CONSTRAINT "avis_reponse_par_users_id_fk" FOREIGN KEY ("reponse_par") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avis" ADD CONSTRAINT "avis_reponse_check" CHECK ("avis"."reponse" is null or ("avis"."reponse_le" is not null and char_length("avis"."reponse") between 1 and 2000));

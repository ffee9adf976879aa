ALTER TABLE "users" ADD COLUMN "email_verifie_le" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "email_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "email_verifications_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "email_verifications" ADD CONSTRAINT "email_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_verifications_user_idx" ON "email_verifications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "email_verifications_expires_idx" ON "email_verifications" USING btree ("expires_at");--> statement-breakpoint
-- Existing accounts (issue 27, DECISIONS 38): an address is taken as proven when Google vouched for it
-- (Google sign-in refuses an unverified Google address) or when the operator set the account up (admins).
-- A password account never proved its address: it stays unverified, sees the reminder and can ask for a link.
-- The demo accounts are marked by the seed, which knows them.
UPDATE "users" SET "email_verifie_le" = "created_at" WHERE "supprime_le" IS NULL AND ("google_id" IS NOT NULL OR "role" = 'admin');

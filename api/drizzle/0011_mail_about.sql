-- Erasing an account also erases the admins' notices about the person (a new reservation, a
-- cancellation, an owner request): each such mail records, lower-cased, the address it is about.
ALTER TABLE "mail_queue" ADD COLUMN "about_email" text;
--> statement-breakpoint
CREATE INDEX "mail_queue_about_email_idx" ON "mail_queue" USING btree ("about_email") WHERE "about_email" IS NOT NULL;

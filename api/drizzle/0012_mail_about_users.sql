-- The chat digest mailed to an admin quotes the names and messages of the clients who wrote: each
-- such mail records whose they are, so erasing one of those accounts erases the mail too.
ALTER TABLE "mail_queue" ADD COLUMN "about_user_ids" integer[];
--> statement-breakpoint
CREATE INDEX "mail_queue_about_user_ids_idx" ON "mail_queue" USING gin ("about_user_ids") WHERE "about_user_ids" IS NOT NULL;

-- Alternative text of an apartment's photos by URL (issue 30 item 4): an uploaded photo cannot be
-- saved without one, and the public gallery reads it instead of "<titre>, photo N".
ALTER TABLE "appartements" ADD COLUMN "images_alt" jsonb DEFAULT '{}'::jsonb NOT NULL;

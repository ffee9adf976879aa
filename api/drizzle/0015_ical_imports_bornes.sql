-- Issue 26: imports that cannot hurt.
-- A feed's sync runs in the background and reports its progress through its row, which also serves
-- as the lease that keeps two syncs of one feed (a click and the periodic job, in any process)
-- from running at once: `synchro_jeton` names the run holding it, `synchro_maj_le` is its heartbeat
-- (an abandoned lease is taken over once stale). `avertissement` says when the feed blocks more
-- nights than one feed may; `empreinte` and `fenetre` let an unchanged feed skip its parsing.
ALTER TABLE "flux_ical" ADD COLUMN "avertissement" text;
--> statement-breakpoint
ALTER TABLE "flux_ical" ADD COLUMN "empreinte" text;
--> statement-breakpoint
ALTER TABLE "flux_ical" ADD COLUMN "fenetre" text;
--> statement-breakpoint
ALTER TABLE "flux_ical" ADD COLUMN "synchro_etape" text;
--> statement-breakpoint
ALTER TABLE "flux_ical" ADD COLUMN "synchro_jeton" text;
--> statement-breakpoint
ALTER TABLE "flux_ical" ADD COLUMN "synchro_maj_le" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "flux_ical" ADD COLUMN "synchro_fait" integer;
--> statement-breakpoint
ALTER TABLE "flux_ical" ADD COLUMN "synchro_total" integer;
--> statement-breakpoint
ALTER TABLE "flux_ical" ADD CONSTRAINT "flux_ical_synchro_etape_check"
	CHECK ("synchro_etape" in ('attente', 'telechargement', 'lecture', 'enregistrement'));
--> statement-breakpoint
-- A sync adds a feed's new blocks before it removes the old ones (never a night free in between):
-- an event whose nights change is a new row beside the old one until then.
ALTER TABLE "blocages_importes" DROP CONSTRAINT "blocages_importes_flux_uid_debut_key";
--> statement-breakpoint
ALTER TABLE "blocages_importes" ADD CONSTRAINT "blocages_importes_flux_uid_nuits_key" UNIQUE ("flux_id", "uid", "debut", "fin");
--> statement-breakpoint
-- The guest calendar's read (an apartment's nights from today) no longer scans every apartment's rows.
CREATE INDEX "occupations_appartement_debut_idx" ON "occupations" ("appartement_id", "debut");

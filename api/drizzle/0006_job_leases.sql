-- Periodic jobs (hold expiry, calendar imports, mail queue, housekeeping): one lease row per job.
CREATE TABLE "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_error" text
);

CREATE TABLE "job_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slot" bigint NOT NULL,
	"process" text NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" bigint NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "job_runs_name_slot_idx" ON "job_runs" USING btree ("name","slot");--> statement-breakpoint
CREATE INDEX "job_runs_ran_at_idx" ON "job_runs" USING btree ("ran_at");--> statement-breakpoint
CREATE INDEX "rate_limit_hits_key_at_idx" ON "rate_limit_hits" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "rate_limit_windows_start_idx" ON "rate_limit_windows" USING btree ("window_start");
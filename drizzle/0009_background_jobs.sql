CREATE TABLE "job_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_status" (
	"name" text PRIMARY KEY NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_ok" boolean,
	"last_error" text
);
--> statement-breakpoint
CREATE INDEX "job_failures_name_failed_idx" ON "job_failures" USING btree ("name","failed_at");
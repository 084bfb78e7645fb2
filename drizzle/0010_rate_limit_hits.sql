-- Unlogged (drizzle-kit has no word for it): request counts need no crash safety, and a hit
-- without a write to the write-ahead log is cheap. A crash of the server starts the windows over.
CREATE UNLOGGED TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_hits_window_idx" ON "rate_limit_hits" USING btree ("window_ends_at");
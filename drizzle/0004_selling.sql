CREATE TABLE "listing_barcodes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"format" text NOT NULL,
	"fingerprint" text NOT NULL,
	"page" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_duplicate_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"attempted_by" uuid NOT NULL,
	"existing_listing_id" uuid,
	"matched_by" text NOT NULL,
	"event_name" text NOT NULL,
	"original_file_name" text NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_files" DROP CONSTRAINT "listing_files_listing_id_listings_id_fk";
--> statement-breakpoint
ALTER TABLE "listing_files" ADD COLUMN "page_count" integer;--> statement-breakpoint
ALTER TABLE "listing_barcodes" ADD CONSTRAINT "listing_barcodes_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_barcodes" ADD CONSTRAINT "listing_barcodes_file_id_listing_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."listing_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_duplicate_attempts" ADD CONSTRAINT "listing_duplicate_attempts_attempted_by_users_id_fk" FOREIGN KEY ("attempted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_duplicate_attempts" ADD CONSTRAINT "listing_duplicate_attempts_existing_listing_id_listings_id_fk" FOREIGN KEY ("existing_listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_barcodes_fingerprint_idx" ON "listing_barcodes" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "listing_barcodes_listing_idx" ON "listing_barcodes" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "listing_duplicate_attempts_existing_idx" ON "listing_duplicate_attempts" USING btree ("existing_listing_id");--> statement-breakpoint
CREATE INDEX "listing_duplicate_attempts_user_idx" ON "listing_duplicate_attempts" USING btree ("attempted_by");--> statement-breakpoint
ALTER TABLE "listing_files" ADD CONSTRAINT "listing_files_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;
CREATE TABLE "event_cancellation_listings" (
	"cancellation_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"outcome" text,
	"processed_at" timestamp with time zone,
	CONSTRAINT "event_cancellation_listings_cancellation_id_listing_id_pk" PRIMARY KEY("cancellation_id","listing_id")
);
--> statement-breakpoint
CREATE TABLE "event_cancellations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_name" text NOT NULL,
	"event_date" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sale_refunds" (
	"sale_id" uuid PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"requested_by" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "event_cancellation_listings" ADD CONSTRAINT "event_cancellation_listings_cancellation_id_event_cancellations_id_fk" FOREIGN KEY ("cancellation_id") REFERENCES "public"."event_cancellations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_cancellation_listings" ADD CONSTRAINT "event_cancellation_listings_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_cancellations" ADD CONSTRAINT "event_cancellations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_refunds" ADD CONSTRAINT "sale_refunds_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_refunds" ADD CONSTRAINT "sale_refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_cancellation_listings_listing_unique" ON "event_cancellation_listings" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "sale_refunds_unsent_idx" ON "sale_refunds" USING btree ("requested_at") WHERE sent_at is null;
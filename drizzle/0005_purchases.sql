CREATE TABLE "payout_tracking" (
	"sale_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"status_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL,
	"notes" text,
	"payment_date" timestamp with time zone,
	"payment_reference" text,
	"reclamation_deadline" timestamp with time zone NOT NULL,
	"has_reclamation" boolean DEFAULT false NOT NULL,
	"reclamation_details" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"description" text,
	"last_error_code" text,
	"amount_refunded_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payment_intent_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"provider" text NOT NULL,
	"payment_intent_id" text,
	"client_secret" text,
	"amount_cents" integer NOT NULL,
	"intent_status" text,
	"last_error_code" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_amount_positive" CHECK ("reservations"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"reservation_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"payment_intent_id" text NOT NULL,
	"purchase_date" timestamp with time zone DEFAULT now() NOT NULL,
	"price_paid_cents" integer NOT NULL,
	"service_fee_cents" integer NOT NULL,
	"seller_receivable_cents" integer NOT NULL,
	"event_date" timestamp with time zone NOT NULL,
	"event_name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "held_by" uuid;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_tracking" ADD CONSTRAINT "payout_tracking_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_tracking_status_idx" ON "payout_tracking" USING btree ("status","reclamation_deadline");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_intent_unique" ON "reservations" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "reservations_listing_buyer_idx" ON "reservations" USING btree ("listing_id","buyer_id");--> statement-breakpoint
CREATE INDEX "reservations_open_idx" ON "reservations" USING btree ("status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_listing_unique" ON "sales" USING btree ("listing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_reservation_unique" ON "sales" USING btree ("reservation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_intent_unique" ON "sales" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "sales_buyer_idx" ON "sales" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "sales_seller_idx" ON "sales" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "sales_purchase_date_idx" ON "sales" USING btree ("purchase_date");--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_held_by_users_id_fk" FOREIGN KEY ("held_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
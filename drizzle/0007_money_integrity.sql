CREATE TABLE "local_payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_intent_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_adjustments" (
	"provider_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"sale_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payout_tracking" ADD COLUMN "payment_issue" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "service_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "seller_receivable_cents" integer;--> statement-breakpoint
-- Reservations made before the snapshot: a sold one takes its sale's amounts, any other the listing's.
UPDATE "reservations" r SET "service_fee_cents" = s."service_fee_cents", "seller_receivable_cents" = s."seller_receivable_cents" FROM "sales" s WHERE s."reservation_id" = r."id";--> statement-breakpoint
UPDATE "reservations" r SET "service_fee_cents" = l."service_fee_cents", "seller_receivable_cents" = l."seller_receivable_cents" FROM "listings" l WHERE l."id" = r."listing_id" AND r."service_fee_cents" IS NULL;--> statement-breakpoint
ALTER TABLE "reservations" ALTER COLUMN "service_fee_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ALTER COLUMN "seller_receivable_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_adjustments" ADD CONSTRAINT "payment_adjustments_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "local_payment_events_undelivered_idx" ON "local_payment_events" USING btree ("created_at") WHERE delivered_at is null;--> statement-breakpoint
CREATE INDEX "payment_adjustments_sale_idx" ON "payment_adjustments" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "reservations_buyer_idx" ON "reservations" USING btree ("buyer_id","created_at");
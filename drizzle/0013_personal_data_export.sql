ALTER TABLE "deleted_users" ADD COLUMN "purged_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "contact_messages_email_idx" ON "contact_messages" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "outbox_to_address_idx" ON "outbox" USING btree (lower("to_address"));
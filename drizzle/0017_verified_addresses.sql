CREATE TABLE "email_verifications" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "to_user_id" uuid;--> statement-breakpoint
ALTER TABLE "email_verifications" ADD CONSTRAINT "email_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_verifications_user_idx" ON "email_verifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_user_idx" ON "contact_messages" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "outbox_to_user_idx" ON "outbox" USING btree ("to_user_id");--> statement-breakpoint
-- An address a social provider vouched for when the account was made through it is verified.
UPDATE "users" SET "email_verified_at" = "users"."created_at"
FROM "oauth_accounts"
WHERE "oauth_accounts"."user_id" = "users"."id"
  AND lower("oauth_accounts"."email") = "users"."email"
  AND "users"."deleted_at" IS NULL;--> statement-breakpoint
-- Mails queued to an account's address while the account had it were sent to that account.
UPDATE "outbox" SET "to_user_id" = "users"."id"
FROM "users"
WHERE lower("outbox"."to_address") = "users"."email"
  AND "outbox"."created_at" >= "users"."created_at"
  AND "users"."deleted_at" IS NULL;

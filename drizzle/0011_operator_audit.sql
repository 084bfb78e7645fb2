ALTER TABLE "admin_audit_log" ALTER COLUMN "admin_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD COLUMN "operator" text;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_actor" CHECK ("admin_audit_log"."admin_id" is not null or "admin_audit_log"."operator" is not null);
-- Issue 23: a global admin suspends (read-only, with a reason) and deletes (soft, purged after the
-- retention period) organisations; the platform audit reads audit_events across organisations.
ALTER TABLE "organisations" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "purge_after" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_events_created_idx" ON "audit_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "organisations_purge_idx" ON "organisations" USING btree ("purge_after") WHERE "organisations"."purge_after" is not null;
-- Issue 23: the global admins' second factor (TOTP secret, last accepted step, recovery codes),
-- their deactivation, impersonations as a trail, sessions that name their impersonation and the admin
-- session they came from (ended with it), pending sign-in steps, and the admin on audit events.
CREATE TABLE "global_admin_recovery_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "impersonations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "impersonated_by" uuid;--> statement-breakpoint
ALTER TABLE "global_admins" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "global_admins" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "global_admins" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "global_admins" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "impersonation_id" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "parent_session_id" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "pending_step" text;--> statement-breakpoint
ALTER TABLE "global_admin_recovery_codes" ADD CONSTRAINT "global_admin_recovery_codes_admin_id_global_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."global_admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "global_admin_recovery_codes_uq" ON "global_admin_recovery_codes" USING btree ("admin_id","code_hash");--> statement-breakpoint
CREATE INDEX "impersonations_open_idx" ON "impersonations" USING btree ("ended_at","expires_at");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_parent_session_id_sessions_id_fk" FOREIGN KEY ("parent_session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_impersonated_by_idx" ON "sessions" USING btree ("impersonated_by");
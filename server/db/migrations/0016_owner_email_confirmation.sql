CREATE TABLE "owner_email_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consent_evidence" ADD COLUMN "signature_method" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "owner_email_codes" ADD CONSTRAINT "owner_email_codes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_email_codes" ADD CONSTRAINT "owner_email_codes_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "owner_email_codes_employee_idx" ON "owner_email_codes" USING btree ("employee_id");--> statement-breakpoint
-- Organisations made before the rule were already sending to their customers: they keep doing so.
UPDATE "organisations" SET "email_confirmed_at" = "created_at";
--> statement-breakpoint
-- Issue 21 #23: how an acceptance was signed is evidence too: never changed, not even by an erasure.
-- Keeps 0015's occurred_at guard: this replaces the whole function.
CREATE OR REPLACE FUNCTION consent_evidence_append_only() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- Only the organisation's own removal (cascade) takes its evidence with it.
    IF EXISTS (SELECT 1 FROM organisations WHERE id = OLD.organisation_id) THEN
      RAISE EXCEPTION 'consent evidence % cannot be deleted', OLD.id USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF NEW.id IS DISTINCT FROM OLD.id
    OR NEW.organisation_id IS DISTINCT FROM OLD.organisation_id
    OR NEW.position IS DISTINCT FROM OLD.position
    OR NEW.previous_hash IS DISTINCT FROM OLD.previous_hash
    OR NEW.content_hash IS DISTINCT FROM OLD.content_hash
    OR NEW.record_hash IS DISTINCT FROM OLD.record_hash
    OR NEW.personal_hash IS DISTINCT FROM OLD.personal_hash
    OR NEW.customer_document_id IS DISTINCT FROM OLD.customer_document_id
    OR NEW.document_id IS DISTINCT FROM OLD.document_id
    OR NEW.document_version_id IS DISTINCT FROM OLD.document_version_id
    OR NEW.version_number IS DISTINCT FROM OLD.version_number
    OR NEW.version_hash IS DISTINCT FROM OLD.version_hash
    OR NEW.decision IS DISTINCT FROM OLD.decision
    OR NEW.signature_hash IS DISTINCT FROM OLD.signature_hash
    OR NEW.signature_method IS DISTINCT FROM OLD.signature_method
    OR NEW.channel IS DISTINCT FROM OLD.channel
    OR NEW.device_time IS DISTINCT FROM OLD.device_time
    OR NEW.received_at IS DISTINCT FROM OLD.received_at
    OR NEW.occurred_at IS DISTINCT FROM OLD.occurred_at
    OR OLD.erased_at IS NOT NULL THEN
    RAISE EXCEPTION 'consent evidence % is append-only', OLD.id USING ERRCODE = 'restrict_violation';
  END IF;
  -- What may change: erasing the personal fields once (a customer's hard delete).
  IF NEW.erased_at IS NULL THEN
    RAISE EXCEPTION 'consent evidence % is append-only', OLD.id USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;

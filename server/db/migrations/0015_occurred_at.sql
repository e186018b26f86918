ALTER TABLE "audit_events" ADD COLUMN "device_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consent_evidence" ADD COLUMN "occurred_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_activities" ADD COLUMN "received_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_comments" ADD COLUMN "received_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_documents" ADD COLUMN "response_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "questionnaire_submissions" ADD COLUMN "received_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "skin_analyses" ADD COLUMN "received_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Records from before this migration were received when they were recorded: the best known.
UPDATE "customer_activities" SET "received_at" = "created_at";--> statement-breakpoint
UPDATE "customer_comments" SET "received_at" = coalesce("edited_at", "created_at");--> statement-breakpoint
UPDATE "questionnaire_submissions" SET "received_at" = "submitted_at";--> statement-breakpoint
UPDATE "skin_analyses" SET "received_at" = "created_at";--> statement-breakpoint
UPDATE "customer_documents" SET "response_received_at" = coalesce("responded_at", "seen_at");--> statement-breakpoint
-- occurred_at held the raw device clock until now. No device clock dates or orders anything
-- (ARCHITECTURE "Time"), and the offset of those devices is unknown: the reported time stays for
-- the audit in device_time and the receipt dates those entries.
UPDATE "audit_events" SET "device_time" = "occurred_at", "occurred_at" = "created_at" WHERE "occurred_at" IS NOT NULL;
--> statement-breakpoint
-- The corrected time is part of what a consent record proves: append-only like its other times.
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

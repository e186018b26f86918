CREATE TABLE "consent_evidence" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"position" bigint NOT NULL,
	"previous_hash" text NOT NULL,
	"content_hash" text NOT NULL,
	"record_hash" text NOT NULL,
	"personal_hash" text NOT NULL,
	"customer_document_id" uuid NOT NULL,
	"customer_id" uuid,
	"customer_name" text,
	"customer_email" text,
	"document_id" uuid NOT NULL,
	"document_version_id" uuid NOT NULL,
	"version_number" integer NOT NULL,
	"version_hash" text NOT NULL,
	"decision" text NOT NULL,
	"signature_key" text,
	"signature_hash" text,
	"typed_name" text,
	"decline_reason" text,
	"channel" text NOT NULL,
	"taken_by" uuid,
	"taken_by_name" text,
	"device_id" text,
	"device_name" text,
	"user_agent" text,
	"ip_address" text,
	"device_time" timestamp with time zone,
	"received_at" timestamp with time zone NOT NULL,
	"erased_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "customer_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"salon_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"status" text DEFAULT 'notSeen' NOT NULL,
	"channel" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"sent_by" uuid,
	"sent_by_name" text DEFAULT '' NOT NULL,
	"seen_at" timestamp with time zone,
	"responded_at" timestamp with time zone,
	"decline_reason" text,
	"evidence_id" uuid,
	"version" bigint DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_versions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"text" text,
	"pdf_key" text,
	"pdf_name" text,
	"pdf_size" integer,
	"content_hash" text NOT NULL,
	"created_by" uuid,
	"created_by_name" text DEFAULT '' NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"current_version_id" uuid,
	"versions_count" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"archived_at" timestamp with time zone,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consent_evidence" ADD CONSTRAINT "consent_evidence_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_documents" ADD CONSTRAINT "customer_documents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_documents" ADD CONSTRAINT "customer_documents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_documents" ADD CONSTRAINT "customer_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_documents" ADD CONSTRAINT "customer_documents_version_id_document_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."document_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consent_evidence_position_uq" ON "consent_evidence" USING btree ("organisation_id","position");--> statement-breakpoint
CREATE INDEX "consent_evidence_customer_document_idx" ON "consent_evidence" USING btree ("organisation_id","customer_document_id");--> statement-breakpoint
CREATE INDEX "customer_documents_org_version_idx" ON "customer_documents" USING btree ("organisation_id","version");--> statement-breakpoint
CREATE INDEX "customer_documents_customer_idx" ON "customer_documents" USING btree ("organisation_id","customer_id");--> statement-breakpoint
CREATE INDEX "customer_documents_document_idx" ON "customer_documents" USING btree ("organisation_id","document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_versions_number_uq" ON "document_versions" USING btree ("document_id","number");--> statement-breakpoint
CREATE INDEX "document_versions_org_version_idx" ON "document_versions" USING btree ("organisation_id","version");--> statement-breakpoint
CREATE INDEX "documents_org_version_idx" ON "documents" USING btree ("organisation_id","version");--> statement-breakpoint
CREATE FUNCTION document_versions_immutable() RETURNS trigger AS $$
BEGIN
  IF NEW.id IS DISTINCT FROM OLD.id
    OR NEW.organisation_id IS DISTINCT FROM OLD.organisation_id
    OR NEW.document_id IS DISTINCT FROM OLD.document_id
    OR NEW.number IS DISTINCT FROM OLD.number
    OR NEW.name IS DISTINCT FROM OLD.name
    OR NEW.text IS DISTINCT FROM OLD.text
    OR NEW.pdf_key IS DISTINCT FROM OLD.pdf_key
    OR NEW.pdf_name IS DISTINCT FROM OLD.pdf_name
    OR NEW.pdf_size IS DISTINCT FROM OLD.pdf_size
    OR NEW.content_hash IS DISTINCT FROM OLD.content_hash
    OR NEW.created_at IS DISTINCT FROM OLD.created_at THEN
    RAISE EXCEPTION 'document version % is published and cannot be changed', OLD.id
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER document_versions_immutable BEFORE UPDATE ON "document_versions"
  FOR EACH ROW EXECUTE FUNCTION document_versions_immutable();
--> statement-breakpoint
CREATE FUNCTION consent_evidence_append_only() RETURNS trigger AS $$
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
--> statement-breakpoint
CREATE TRIGGER consent_evidence_append_only BEFORE UPDATE OR DELETE ON "consent_evidence"
  FOR EACH ROW EXECUTE FUNCTION consent_evidence_append_only();

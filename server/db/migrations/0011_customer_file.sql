CREATE TABLE "custom_fields" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"display_name" text NOT NULL,
	"property_name" text NOT NULL,
	"type" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_comments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"salon_id" uuid NOT NULL,
	"employee_id" uuid,
	"author_name" text NOT NULL,
	"text" text NOT NULL,
	"edited_at" timestamp with time zone,
	"version" bigint DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_import_chunks" (
	"organisation_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"chunk_id" uuid NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_import_chunks_organisation_id_chunk_id_pk" PRIMARY KEY("organisation_id","chunk_id")
);
--> statement-breakpoint
CREATE TABLE "customer_imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"employee_id" uuid,
	"salon_ids" uuid[] NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"undone_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "custom_values" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_comments" ADD CONSTRAINT "customer_comments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_comments" ADD CONSTRAINT "customer_comments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_import_chunks" ADD CONSTRAINT "customer_import_chunks_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_import_chunks" ADD CONSTRAINT "customer_import_chunks_import_id_customer_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."customer_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_imports" ADD CONSTRAINT "customer_imports_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_fields_org_version_idx" ON "custom_fields" USING btree ("organisation_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_fields_org_property_uq" ON "custom_fields" USING btree ("organisation_id","property_name") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "customer_comments_org_version_idx" ON "customer_comments" USING btree ("organisation_id","version");--> statement-breakpoint
CREATE INDEX "customer_comments_customer_idx" ON "customer_comments" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_imports_org_idx" ON "customer_imports" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "customers_import_idx" ON "customers" USING btree ("organisation_id","import_id") WHERE import_id is not null;
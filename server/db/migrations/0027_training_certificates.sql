-- Issue 24: a certificate per employee and course, issued once when the employee completes every
-- live segment (services/trainings/certificates.ts, in the progress merge's transaction). The
-- course title and employee name are kept as issued (a renamed course or employee does not change
-- a certificate already given); `code` is what anyone types to verify it (GET /certificates/{code}).
-- `course_id` references any course kind (trainings now, paid courses later), so the table needs no change for them.
CREATE TABLE IF NOT EXISTS "training_certificates" (
  "id" uuid PRIMARY KEY NOT NULL,
  "organisation_id" uuid NOT NULL,
  "version" bigint DEFAULT 0 NOT NULL,
  "employee_id" uuid NOT NULL,
  "course_id" uuid NOT NULL,
  "course_title" text NOT NULL,
  "course_title_en" text,
  "employee_name" text NOT NULL,
  "issued_at" timestamp with time zone NOT NULL,
  "code" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "training_certificates" ADD CONSTRAINT "training_certificates_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "training_certificates" ADD CONSTRAINT "training_certificates_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "training_certificates" ADD CONSTRAINT "training_certificates_course_id_training_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."training_courses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "training_certificates_employee_course_uq" ON "training_certificates" USING btree ("employee_id","course_id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "training_certificates_code_uq" ON "training_certificates" USING btree ("code");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "training_certificates_org_employee_version_idx" ON "training_certificates" USING btree ("organisation_id","employee_id","version");

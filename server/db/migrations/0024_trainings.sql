-- Issue 24: Trainings (organisation courses), user manuals and (later) paid courses in one model,
-- course → module → segment, and every employee's progress per segment.
CREATE TABLE IF NOT EXISTS "training_courses" (
  "id" uuid PRIMARY KEY NOT NULL,
  "organisation_id" uuid,
  "version" bigint DEFAULT 0 NOT NULL,
  "deleted_at" timestamp with time zone,
  "kind" text NOT NULL,
  "title" text NOT NULL,
  "title_en" text,
  "description" text DEFAULT '' NOT NULL,
  "description_en" text,
  "in_order" boolean DEFAULT false NOT NULL,
  "role_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
  "price_cents" integer,
  "position" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "training_modules" (
  "id" uuid PRIMARY KEY NOT NULL,
  "organisation_id" uuid,
  "course_id" uuid NOT NULL,
  "deleted_at" timestamp with time zone,
  "title" text NOT NULL,
  "title_en" text,
  "position" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "training_segments" (
  "id" uuid PRIMARY KEY NOT NULL,
  "organisation_id" uuid,
  "course_id" uuid NOT NULL,
  "module_id" uuid NOT NULL,
  "deleted_at" timestamp with time zone,
  "kind" text NOT NULL,
  "slug" text,
  "title" text NOT NULL,
  "title_en" text,
  "text" text DEFAULT '' NOT NULL,
  "text_en" text,
  "audio" jsonb,
  "pdf" jsonb,
  "video_url" text,
  "preview" boolean DEFAULT false NOT NULL,
  "position" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "training_progress" (
  "id" uuid PRIMARY KEY NOT NULL,
  "organisation_id" uuid NOT NULL,
  "version" bigint DEFAULT 0 NOT NULL,
  "employee_id" uuid NOT NULL,
  "segment_id" uuid NOT NULL,
  "course_id" uuid NOT NULL,
  "started_at" timestamp with time zone,
  "completed_at" timestamp with time zone,
  "position_seconds" integer DEFAULT 0 NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "paid_course_access" (
  "id" uuid PRIMARY KEY NOT NULL,
  "organisation_id" uuid NOT NULL,
  "course_id" uuid NOT NULL,
  "payment_id" text,
  "granted_at" timestamp with time zone DEFAULT now() NOT NULL,
  "revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "paid_course_access" ADD CONSTRAINT "paid_course_access_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "paid_course_access" ADD CONSTRAINT "paid_course_access_course_id_training_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."training_courses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "paid_course_access_org_course_uq" ON "paid_course_access" USING btree ("organisation_id","course_id");
--> statement-breakpoint
ALTER TABLE "training_courses" ADD CONSTRAINT "training_courses_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "training_modules" ADD CONSTRAINT "training_modules_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "training_modules" ADD CONSTRAINT "training_modules_course_id_training_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."training_courses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "training_segments" ADD CONSTRAINT "training_segments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "training_segments" ADD CONSTRAINT "training_segments_course_id_training_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."training_courses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "training_segments" ADD CONSTRAINT "training_segments_module_id_training_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."training_modules"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "training_progress" ADD CONSTRAINT "training_progress_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "training_progress" ADD CONSTRAINT "training_progress_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "training_progress" ADD CONSTRAINT "training_progress_segment_id_training_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."training_segments"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "training_progress" ADD CONSTRAINT "training_progress_course_id_training_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."training_courses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "training_courses_org_version_idx" ON "training_courses" USING btree ("organisation_id","version");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "training_courses_kind_idx" ON "training_courses" USING btree ("kind","organisation_id","position");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "training_modules_course_idx" ON "training_modules" USING btree ("course_id","position");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "training_segments_module_idx" ON "training_segments" USING btree ("module_id","position");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "training_segments_course_idx" ON "training_segments" USING btree ("course_id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "training_segments_manual_slug_uq" ON "training_segments" USING btree ("slug") WHERE "training_segments"."organisation_id" is null and "training_segments"."deleted_at" is null and "training_segments"."slug" is not null;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "training_progress_employee_segment_uq" ON "training_progress" USING btree ("employee_id","segment_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "training_progress_org_employee_version_idx" ON "training_progress" USING btree ("organisation_id","employee_id","version");

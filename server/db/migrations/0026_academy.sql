-- Issue 24, paid courses (the buying half): a payment names the paid course it buys, and an
-- organisation's access to a course carries a sync version from the organisation's counter, so
-- the trainings feed sends an owned course to the organisation's employees when it is granted,
-- changed by the platform's admins or revoked (a tombstone) — services/paid-courses/README.md.
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "paid_course_id" uuid;
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_paid_course_id_training_courses_id_fk" FOREIGN KEY ("paid_course_id") REFERENCES "public"."training_courses"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "paid_course_access" ADD COLUMN IF NOT EXISTS "version" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "paid_course_access_org_version_idx" ON "paid_course_access" USING btree ("organisation_id","version");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "paid_course_access_course_idx" ON "paid_course_access" USING btree ("course_id");

ALTER TABLE "questionnaire_submissions" ADD COLUMN "employee_name" text;--> statement-breakpoint
-- Submissions taken before: named after the employee as they are now.
UPDATE "questionnaire_submissions" AS s SET "employee_name" = e."first_name" || ' ' || e."last_name" FROM "employees" AS e WHERE e."id" = s."employee_id";

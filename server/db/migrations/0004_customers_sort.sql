DROP INDEX "customers_org_name_idx";--> statement-breakpoint
CREATE INDEX "customers_org_sort_idx" ON "customers" USING btree ("organisation_id",lower("last_name"),lower("first_name"),"id");
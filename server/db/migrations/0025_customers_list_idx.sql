-- Issue 25: the customer list walks this index alone (an index-only scan, no heap read per row
-- skipped): the sort key, the branch filter (salon_ids) and the columns the sort expressions are
-- computed from, for the customers a list shows by default (not removed, not flagged deleted).
-- server/services/customers/list-page.ts reads it; customers_org_sort_idx still serves
-- "include deleted".
CREATE INDEX IF NOT EXISTS "customers_org_list_idx" ON "customers" USING btree ("organisation_id", lower("last_name"), lower("first_name"), "id") INCLUDE ("last_name", "first_name", "salon_ids") WHERE "deleted_at" IS NULL AND NOT "deleted";

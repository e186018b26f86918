-- Issue 25: every instance keeps the sessions it resolved in memory (server/auth/session-cache.ts)
-- and must forget them the moment access changes, whichever instance or path made the change.
-- These triggers say so with NOTIFY access_changed '<organisation id>' ('*': a platform-wide
-- change, a global admin's), delivered at commit to every listening instance. Only what a
-- resolved session depends on fires: the session ending or changing (not its sliding end moving
-- later), the employee deactivated or removed, a role's permissions, the employee's roles per
-- branch, the organisation's live branches, the organisation removed, a global admin deactivated.
CREATE OR REPLACE FUNCTION "notify_access_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- The row as JSON: one function for tables with different columns (PL/pgSQL resolves NEW.x
  -- of a missing column as an error, even behind a false condition).
  r jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
BEGIN
  IF TG_TABLE_NAME = 'sessions' AND TG_OP = 'UPDATE' THEN
    -- A session's end sliding later changes nothing kept; anything else does.
    IF (r ->> 'expires_at')::timestamptz >= (to_jsonb(OLD) ->> 'expires_at')::timestamptz
       AND r - 'expires_at' = to_jsonb(OLD) - 'expires_at' THEN
      RETURN NULL;
    END IF;
  END IF;
  PERFORM pg_notify('access_changed', CASE
    WHEN TG_TABLE_NAME = 'global_admins' THEN '*'
    WHEN TG_TABLE_NAME = 'organisations' THEN r ->> 'id'
    ELSE coalesce(r ->> 'organisation_id', '*')
  END);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "sessions_access_changed" ON "sessions";
--> statement-breakpoint
CREATE TRIGGER "sessions_access_changed" AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "notify_access_changed"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "employees_access_changed" ON "employees";
--> statement-breakpoint
CREATE TRIGGER "employees_access_changed" AFTER UPDATE OF "deactivated_at", "deleted_at", "organisation_id" OR DELETE ON "employees" FOR EACH ROW EXECUTE FUNCTION "notify_access_changed"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "roles_access_changed" ON "roles";
--> statement-breakpoint
CREATE TRIGGER "roles_access_changed" AFTER UPDATE OF "permissions" OR DELETE ON "roles" FOR EACH ROW EXECUTE FUNCTION "notify_access_changed"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "employee_salon_roles_access_changed" ON "employee_salon_roles";
--> statement-breakpoint
CREATE TRIGGER "employee_salon_roles_access_changed" AFTER INSERT OR UPDATE OR DELETE ON "employee_salon_roles" FOR EACH ROW EXECUTE FUNCTION "notify_access_changed"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "salons_access_changed" ON "salons";
--> statement-breakpoint
CREATE TRIGGER "salons_access_changed" AFTER INSERT OR UPDATE OF "deleted_at", "organisation_id" OR DELETE ON "salons" FOR EACH ROW EXECUTE FUNCTION "notify_access_changed"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "organisations_access_changed" ON "organisations";
--> statement-breakpoint
CREATE TRIGGER "organisations_access_changed" AFTER UPDATE OF "deleted_at" OR DELETE ON "organisations" FOR EACH ROW EXECUTE FUNCTION "notify_access_changed"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "global_admins_access_changed" ON "global_admins";
--> statement-breakpoint
CREATE TRIGGER "global_admins_access_changed" AFTER UPDATE OF "deactivated_at" OR DELETE ON "global_admins" FOR EACH ROW EXECUTE FUNCTION "notify_access_changed"();

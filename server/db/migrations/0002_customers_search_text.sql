ALTER TABLE "customers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || E'\n' || email || E'\n' || coalesce(phone_number, ''))) STORED;--> statement-breakpoint
-- Search now matches the stored, lower-cased column with LIKE; the trigram index moves to it.
DROP INDEX IF EXISTS customers_search_trgm;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX IF NOT EXISTS customers_search_text_trgm ON customers USING gin (search_text gin_trgm_ops)';
  END IF;
END $$;

-- Customer search: case-insensitive substring on "first last", e-mail and phone, as one expression
-- (segments joined by a newline, which a typed search term never contains, so a match never
-- spans two fields). On PostgreSQL a trigram index turns ILIKE '%term%' into an index scan. Where
-- pg_trgm is unavailable (PGlite without the extension, a server that refuses it) the same query
-- runs as a plain scan, which is fine for one organisation's customers.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm unavailable: customer search runs without a trigram index';
END $$;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE $i$CREATE INDEX IF NOT EXISTS customers_search_trgm ON customers USING gin ((first_name || ' ' || last_name || E'\n' || email || E'\n' || coalesce(phone_number, '')) gin_trgm_ops)$i$;
  END IF;
END $$;

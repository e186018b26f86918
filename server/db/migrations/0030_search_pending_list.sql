-- Issue 25: a GIN index takes new entries into a pending list (fastupdate, up to 4 MB by default)
-- that every search reads through until autovacuum merges it. After 100,000 customers were
-- written, a search that finds nothing read 220 pending pages (1.1 ms instead of 0.03 ms; "bakker
-- 12" 2.1 ms instead of 0.5 ms). A small list (64 kB, the least allowed) is merged by the writes
-- themselves as they go, so searches stay fast after an import or a busy day.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_class WHERE relname = 'customers_search_text_trgm' AND relkind = 'i') THEN
    EXECUTE 'ALTER INDEX customers_search_text_trgm SET (gin_pending_list_limit = 64)';
    PERFORM gin_clean_pending_list('customers_search_text_trgm'::regclass);
  END IF;
  IF EXISTS (SELECT 1 FROM pg_class WHERE relname = 'customers_salons_gin' AND relkind = 'i') THEN
    EXECUTE 'ALTER INDEX customers_salons_gin SET (gin_pending_list_limit = 64)';
    PERFORM gin_clean_pending_list('customers_salons_gin'::regclass);
  END IF;
END $$;

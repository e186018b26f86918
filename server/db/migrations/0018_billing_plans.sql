-- Issue 22: the plans the platform sells, on every database (tests, production and the demo), so
-- a new organisation's trial and the purchase screen always have them. Fixed ids (code is the
-- stable key; server/services/billing/plans.ts names them); prices exclude VAT, in cents; a null
-- limit is "no limit". A plan changed later is a new migration (or the global admin's screen),
-- never an edit of this one.
INSERT INTO "subscription_options"
  ("id", "code", "name_nl", "name_en", "monthly_price_cents", "yearly_price_cents",
   "max_customers", "max_employees", "max_salons", "features", "rank")
VALUES
  ('01970000-0000-7000-8000-000000000001', 'start', 'Start', 'Start', 2900, 29000,
   250, 2, 1, '[]'::jsonb, 1),
  ('01970000-0000-7000-8000-000000000002', 'salon', 'Salon', 'Salon', 5900, 59000,
   2500, 10, 3, '["whatsapp","grow","documents","skinAnalysis","customerImport"]'::jsonb, 2),
  ('01970000-0000-7000-8000-000000000003', 'growth', 'Groei', 'Growth', 9900, 99000,
   NULL, NULL, NULL, '["whatsapp","grow","documents","skinAnalysis","trainings","customerImport"]'::jsonb, 3)
ON CONFLICT ("code") DO NOTHING;

CREATE TABLE "whatsapp_credit_options" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"credits" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_credit_transactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"delta" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"payment_id" uuid,
	"message_id" uuid,
	"customer_id" uuid,
	"source" text,
	"category" text,
	"employee_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_message_costs" (
	"category" text PRIMARY KEY NOT NULL,
	"credits" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "option_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "period" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "whatsapp_low_notified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "credit_option_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "credits" integer;--> statement-breakpoint
ALTER TABLE "whatsapp_credit_transactions" ADD CONSTRAINT "whatsapp_credit_transactions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_credit_transactions" ADD CONSTRAINT "whatsapp_credit_transactions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_credit_options_code_uq" ON "whatsapp_credit_options" USING btree ("code");--> statement-breakpoint
CREATE INDEX "whatsapp_credit_transactions_organisation_idx" ON "whatsapp_credit_transactions" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_credit_transactions_payment_uq" ON "whatsapp_credit_transactions" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_credit_transactions_message_uq" ON "whatsapp_credit_transactions" USING btree ("message_id","reason");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_credit_option_id_whatsapp_credit_options_id_fk" FOREIGN KEY ("credit_option_id") REFERENCES "public"."whatsapp_credit_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Issue 23: the balance never goes below zero (a send takes its credit with a conditional update).
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_whatsapp_credits_check" CHECK ("whatsapp_credits" >= 0);
--> statement-breakpoint
ALTER TABLE "whatsapp_credit_transactions" ADD CONSTRAINT "whatsapp_credit_transactions_delta_check" CHECK ("delta" <> 0 AND "balance_after" >= 0);
--> statement-breakpoint
ALTER TABLE "whatsapp_credit_transactions" ADD CONSTRAINT "whatsapp_credit_transactions_reason_check" CHECK ("reason" IN ('purchase', 'send', 'refund', 'adjustment'));
--> statement-breakpoint
ALTER TABLE "whatsapp_credit_options" ADD CONSTRAINT "whatsapp_credit_options_check" CHECK ("credits" > 0 AND "price_cents" >= 0);
--> statement-breakpoint
ALTER TABLE "whatsapp_message_costs" ADD CONSTRAINT "whatsapp_message_costs_check" CHECK ("credits" >= 0 AND "category" IN ('utility', 'marketing', 'service'));
--> statement-breakpoint
-- Issue 23 (research §7 D1): the ledger is append-only; a correction is a new row (adjustment or
-- refund). Only the organisation's own removal (cascade) takes its rows along.
CREATE FUNCTION whatsapp_credit_transactions_immutable() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM organisations WHERE id = OLD.organisation_id) THEN
      RAISE EXCEPTION 'credit transaction % cannot be deleted', OLD.id USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'credit transaction % is immutable', OLD.id USING ERRCODE = 'restrict_violation';
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER whatsapp_credit_transactions_immutable BEFORE UPDATE OR DELETE ON whatsapp_credit_transactions
  FOR EACH ROW EXECUTE FUNCTION whatsapp_credit_transactions_immutable();
--> statement-breakpoint
-- The bundles (prices exclude VAT, in cents; a larger bundle is cheaper per credit) and the
-- credits per message category (Meta charges marketing templates about twice a utility one).
-- Fixed ids; a change later is a new migration or a new row, never an edit of this one.
INSERT INTO "whatsapp_credit_options" ("id", "code", "credits", "price_cents") VALUES
  ('01970000-0000-7000-8000-000000000101', 'credits-100', 100, 1200),
  ('01970000-0000-7000-8000-000000000102', 'credits-500', 500, 5000),
  ('01970000-0000-7000-8000-000000000103', 'credits-1000', 1000, 8000)
ON CONFLICT ("code") DO NOTHING;
--> statement-breakpoint
INSERT INTO "whatsapp_message_costs" ("category", "credits") VALUES
  ('utility', 1), ('marketing', 2), ('service', 1)
ON CONFLICT ("category") DO NOTHING;
--> statement-breakpoint
-- A balance from before the ledger becomes its opening row, so the sum equals the balance.
INSERT INTO "whatsapp_credit_transactions" ("id", "organisation_id", "reason", "delta", "balance_after")
  SELECT gen_random_uuid(), "id", 'adjustment', "whatsapp_credits", "whatsapp_credits"
  FROM "organisations" WHERE "whatsapp_credits" > 0;

-- Issue 23 G1: the Plug&Pay orders that made an organisation (the webhook's idempotency key).
CREATE TABLE IF NOT EXISTS "plug_and_pay_orders" (
  "tenant_id" text NOT NULL,
  "order_id" text NOT NULL,
  "organisation_id" uuid,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "plug_and_pay_orders_tenant_id_order_id_pk" PRIMARY KEY("tenant_id","order_id")
);
--> statement-breakpoint
ALTER TABLE "plug_and_pay_orders" ADD CONSTRAINT "plug_and_pay_orders_organisation_id_organisations_id_fk"
  FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;

ALTER TABLE "employees" ADD COLUMN "kiosk_pin_hash" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "kiosk_pin_verifier" jsonb;
CREATE TABLE "customer_departures" (
	"organisation_id" uuid NOT NULL,
	"salon_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "customer_departures_organisation_id_salon_id_customer_id_version_pk" PRIMARY KEY("organisation_id","salon_id","customer_id","version")
);
--> statement-breakpoint
ALTER TABLE "customer_departures" ADD CONSTRAINT "customer_departures_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_departures_salon_version_idx" ON "customer_departures" USING btree ("organisation_id","salon_id","version");--> statement-breakpoint
-- A customer leaving a branch (taken out of salon_ids, or removed for good: deleted_at set) is
-- recorded per branch, so only THAT branch's changes feed sends a tombstone (issue 8: no ids of
-- other branches' customers). A trigger, so every write path records it.
CREATE FUNCTION "customer_departures_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "customer_departures" ("organisation_id", "salon_id", "customer_id", "version")
  SELECT NEW."organisation_id", s, NEW."id", NEW."version"
  FROM unnest(OLD."salon_ids") AS s
  WHERE OLD."deleted_at" IS NULL
    AND (NEW."deleted_at" IS NOT NULL OR NOT (s = ANY (NEW."salon_ids")))
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "customers_departures" AFTER UPDATE OF "salon_ids", "deleted_at" ON "customers"
  FOR EACH ROW EXECUTE FUNCTION "customer_departures_record"();
--> statement-breakpoint
-- Departures before this migration were not recorded, and replicas may hold rows the policy no
-- longer sends them (questionnaires, other branches): every replica older than this point
-- rebuilds once from the start (the feed's reset; their outbox is kept).
UPDATE "organisations" SET "sync_floor" = "version_counter";

CREATE TABLE "advice_conditions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"salon_id" uuid NOT NULL,
	"name" text NOT NULL,
	"subconditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "advice_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"salon_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "advices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"salon_id" uuid NOT NULL,
	"name" text NOT NULL,
	"content_type" text DEFAULT 'text' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"url" text,
	"audio" jsonb,
	"podcast_url" text,
	"video_url" text,
	"group_id" uuid,
	"kind" text NOT NULL,
	"category" text,
	"length" text DEFAULT 'Default' NOT NULL,
	"markers" text[] DEFAULT '{}'::text[] NOT NULL,
	"condition_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"salon_id" uuid,
	"kind" text NOT NULL,
	"sent_by" uuid,
	"seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_configurations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"salon_id" uuid NOT NULL,
	"config" jsonb NOT NULL,
	"updated_by" uuid,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "skin_analyses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"salon_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"employee_id" uuid,
	"author_name" text DEFAULT '' NOT NULL,
	"analysed_on" text NOT NULL,
	"data" jsonb NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "advice_conditions" ADD CONSTRAINT "advice_conditions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advice_conditions" ADD CONSTRAINT "advice_conditions_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advice_groups" ADD CONSTRAINT "advice_groups_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advice_groups" ADD CONSTRAINT "advice_groups_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advices" ADD CONSTRAINT "advices_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advices" ADD CONSTRAINT "advices_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advices" ADD CONSTRAINT "advices_group_id_advice_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."advice_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notifications" ADD CONSTRAINT "customer_notifications_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notifications" ADD CONSTRAINT "customer_notifications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_configurations" ADD CONSTRAINT "dashboard_configurations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_configurations" ADD CONSTRAINT "dashboard_configurations_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skin_analyses" ADD CONSTRAINT "skin_analyses_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skin_analyses" ADD CONSTRAINT "skin_analyses_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skin_analyses" ADD CONSTRAINT "skin_analyses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advice_conditions_org_version_idx" ON "advice_conditions" USING btree ("organisation_id","version");--> statement-breakpoint
CREATE INDEX "advice_groups_org_version_idx" ON "advice_groups" USING btree ("organisation_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "advice_groups_salon_name_uq" ON "advice_groups" USING btree ("salon_id",lower("name")) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "advices_org_version_idx" ON "advices" USING btree ("organisation_id","version");--> statement-breakpoint
CREATE INDEX "advices_salon_idx" ON "advices" USING btree ("salon_id","position");--> statement-breakpoint
CREATE INDEX "customer_notifications_customer_idx" ON "customer_notifications" USING btree ("organisation_id","customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "dashboard_configurations_salon_uq" ON "dashboard_configurations" USING btree ("salon_id");--> statement-breakpoint
CREATE INDEX "dashboard_configurations_org_version_idx" ON "dashboard_configurations" USING btree ("organisation_id","version");--> statement-breakpoint
CREATE INDEX "skin_analyses_org_version_idx" ON "skin_analyses" USING btree ("organisation_id","version");--> statement-breakpoint
CREATE INDEX "skin_analyses_customer_idx" ON "skin_analyses" USING btree ("organisation_id","customer_id","analysed_on");
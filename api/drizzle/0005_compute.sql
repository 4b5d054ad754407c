CREATE TABLE "compute_images" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"system" text NOT NULL,
	"kind" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "compute_images_kind" CHECK ("compute_images"."kind" in ('OS', 'APPLICATION'))
);
--> statement-breakpoint
CREATE TABLE "compute_instances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"image_id" text NOT NULL,
	"location_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"status" text NOT NULL,
	"pending_action" text,
	"last_error" text,
	"charges" numeric(22, 10) DEFAULT '0' NOT NULL,
	"charges_billed" numeric(14, 2) DEFAULT '0' NOT NULL,
	"charged_until" timestamp with time zone DEFAULT now() NOT NULL,
	"ipv4" text,
	"ipv6" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "compute_instances_status" CHECK ("compute_instances"."status" in ('INSTALLING', 'INACTIVE', 'ACTIVE')),
	CONSTRAINT "compute_instances_pending_action" CHECK ("compute_instances"."pending_action" is null or "compute_instances"."pending_action" in ('START', 'STOP', 'RESTART', 'DELETE'))
);
--> statement-breakpoint
CREATE TABLE "compute_locations" (
	"id" text PRIMARY KEY NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"region" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compute_offers" (
	"template_uid" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "compute_offers_kind" CHECK ("compute_offers"."kind" in ('PRODUCT', 'SOLUTION')),
	CONSTRAINT "compute_offers_category" CHECK (("compute_offers"."kind" = 'PRODUCT' and "compute_offers"."category" in ('COMPUTE', 'DATA_CENTER', 'OTHER')) or ("compute_offers"."kind" = 'SOLUTION' and "compute_offers"."category" in ('WEBSITES', 'HOSTING', 'APPLICATIONS', 'VPNS')))
);
--> statement-breakpoint
CREATE TABLE "compute_plan_prices" (
	"plan_id" text NOT NULL,
	"currency" text NOT NULL,
	"monthly" numeric(10, 2) NOT NULL,
	"hourly" numeric(10, 2) NOT NULL,
	CONSTRAINT "compute_plan_prices_plan_id_currency_pk" PRIMARY KEY("plan_id","currency"),
	CONSTRAINT "compute_plan_prices_currency" CHECK ("compute_plan_prices"."currency" in ('EUR', 'USD'))
);
--> statement-breakpoint
CREATE TABLE "compute_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"vcpus" integer NOT NULL,
	"memory_mb" integer NOT NULL,
	"disk_gb" integer NOT NULL,
	"transfer_tb" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "compute_instances" ADD CONSTRAINT "compute_instances_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compute_instances" ADD CONSTRAINT "compute_instances_image_id_compute_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."compute_images"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compute_instances" ADD CONSTRAINT "compute_instances_location_id_compute_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."compute_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compute_instances" ADD CONSTRAINT "compute_instances_plan_id_compute_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."compute_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compute_offers" ADD CONSTRAINT "compute_offers_image_id_compute_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."compute_images"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compute_offers" ADD CONSTRAINT "compute_offers_plan_id_compute_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."compute_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compute_plan_prices" ADD CONSTRAINT "compute_plan_prices_plan_id_compute_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."compute_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "compute_instances_workspace_name" ON "compute_instances" USING btree ("workspace_id",lower("name")) WHERE "compute_instances"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "compute_instances_workspace_id" ON "compute_instances" USING btree ("workspace_id");
CREATE TABLE "compute_instance_ssh_keys" (
	"instance_id" uuid NOT NULL,
	"ssh_key_id" uuid,
	"name" text NOT NULL,
	"fingerprint" text NOT NULL,
	"type" text NOT NULL,
	CONSTRAINT "compute_instance_ssh_keys_instance_id_fingerprint_pk" PRIMARY KEY("instance_id","fingerprint")
);
--> statement-breakpoint
CREATE TABLE "status_incident_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"incident_id" uuid NOT NULL,
	"status" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"impact" text NOT NULL,
	"status" text NOT NULL,
	"location_id" text NOT NULL,
	"components" text[] NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "status_incidents_kind" CHECK ("status_incidents"."kind" in ('INCIDENT', 'MAINTENANCE')),
	CONSTRAINT "status_incidents_status" CHECK ("status_incidents"."status" in ('INVESTIGATING', 'IDENTIFIED', 'MONITORING', 'RESOLVED', 'SCHEDULED', 'IN_PROGRESS', 'COMPLETED')),
	CONSTRAINT "status_incidents_impact" CHECK ("status_incidents"."impact" in ('MINOR', 'MAJOR', 'MAINTENANCE'))
);
--> statement-breakpoint
CREATE TABLE "ssh_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"public_key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"type" text NOT NULL,
	"bits" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "compute_instances" ADD COLUMN "resizing_to_plan_id" text;--> statement-breakpoint
ALTER TABLE "compute_instance_ssh_keys" ADD CONSTRAINT "compute_instance_ssh_keys_instance_id_compute_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."compute_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compute_instance_ssh_keys" ADD CONSTRAINT "compute_instance_ssh_keys_ssh_key_id_ssh_keys_id_fk" FOREIGN KEY ("ssh_key_id") REFERENCES "public"."ssh_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_incident_updates" ADD CONSTRAINT "status_incident_updates_incident_id_status_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."status_incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_incidents" ADD CONSTRAINT "status_incidents_location_id_compute_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."compute_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ssh_keys" ADD CONSTRAINT "ssh_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "status_incident_updates_incident_id" ON "status_incident_updates" USING btree ("incident_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ssh_keys_user_fingerprint" ON "ssh_keys" USING btree ("user_id","fingerprint");--> statement-breakpoint
CREATE INDEX "ssh_keys_user_id" ON "ssh_keys" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "compute_instances" ADD CONSTRAINT "compute_instances_resizing_to_plan_id_compute_plans_id_fk" FOREIGN KEY ("resizing_to_plan_id") REFERENCES "public"."compute_plans"("id") ON DELETE restrict ON UPDATE no action;
CREATE TABLE "compute_ip_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"instance_id" uuid NOT NULL,
	"family" text NOT NULL,
	"kind" smallint NOT NULL,
	"address" text NOT NULL,
	"prefix" integer NOT NULL,
	"gateway" text,
	"rdns" text,
	CONSTRAINT "compute_ip_addresses_kind" CHECK ("compute_ip_addresses"."kind" in (1, 2)),
	CONSTRAINT "compute_ip_addresses_family" CHECK ("compute_ip_addresses"."family" in ('IPV4', 'IPV6'))
);
--> statement-breakpoint
CREATE TABLE "compute_network_traffic" (
	"instance_id" uuid NOT NULL,
	"month" text NOT NULL,
	"outbound_bytes" double precision DEFAULT 0 NOT NULL,
	"inbound_bytes" double precision DEFAULT 0 NOT NULL,
	"dropped_packets" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "compute_network_traffic_instance_id_month_pk" PRIMARY KEY("instance_id","month")
);
--> statement-breakpoint
CREATE TABLE "compute_firewall_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"instance_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"position" integer NOT NULL,
	"protocol" text NOT NULL,
	"ports" text,
	"addresses" text[] NOT NULL,
	"action" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "compute_firewall_rules_direction" CHECK ("compute_firewall_rules"."direction" in ('INBOUND', 'OUTBOUND')),
	CONSTRAINT "compute_firewall_rules_protocol" CHECK ("compute_firewall_rules"."protocol" in ('TCP', 'UDP', 'ICMP', 'ALL')),
	CONSTRAINT "compute_firewall_rules_action" CHECK ("compute_firewall_rules"."action" in ('ACCEPT', 'DROP'))
);
--> statement-breakpoint
CREATE TABLE "compute_firewalls" (
	"instance_id" uuid PRIMARY KEY NOT NULL,
	"inbound_policy" text DEFAULT 'ACCEPT' NOT NULL,
	"outbound_policy" text DEFAULT 'ACCEPT' NOT NULL,
	CONSTRAINT "compute_firewalls_inbound" CHECK ("compute_firewalls"."inbound_policy" in ('ACCEPT', 'DROP')),
	CONSTRAINT "compute_firewalls_outbound" CHECK ("compute_firewalls"."outbound_policy" in ('ACCEPT', 'DROP'))
);
--> statement-breakpoint
ALTER TABLE "compute_ip_addresses" ADD CONSTRAINT "compute_ip_addresses_instance_id_compute_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."compute_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compute_network_traffic" ADD CONSTRAINT "compute_network_traffic_instance_id_compute_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."compute_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compute_firewall_rules" ADD CONSTRAINT "compute_firewall_rules_instance_id_compute_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."compute_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compute_firewalls" ADD CONSTRAINT "compute_firewalls_instance_id_compute_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."compute_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "compute_ip_addresses_instance_family_kind" ON "compute_ip_addresses" USING btree ("instance_id","family","kind");--> statement-breakpoint
CREATE INDEX "compute_firewall_rules_instance" ON "compute_firewall_rules" USING btree ("instance_id","direction","position");
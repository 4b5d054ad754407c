CREATE TABLE "compute_alert_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"instance_id" uuid NOT NULL,
	"metric" text NOT NULL,
	"condition" text NOT NULL,
	"value" double precision NOT NULL,
	"period_minutes" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"firing" boolean DEFAULT false NOT NULL,
	"fired_at" timestamp with time zone,
	"recovered_at" timestamp with time zone,
	"last_value" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compute_alert_rules_metric" CHECK ("compute_alert_rules"."metric" in ('CPU', 'RAM', 'DISK_MAIN', 'DISK_EXTRA', 'NET_TX_VOL', 'NET_RX_VOL', 'NET_TX_PKG', 'NET_RX_PKG')),
	CONSTRAINT "compute_alert_rules_condition" CHECK ("compute_alert_rules"."condition" in ('ABOVE', 'BELOW')),
	CONSTRAINT "compute_alert_rules_period" CHECK ("compute_alert_rules"."period_minutes" in (5, 15, 30, 60, 120, 360, 1440))
);
--> statement-breakpoint
CREATE TABLE "compute_metric_samples" (
	"instance_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"cpu" double precision NOT NULL,
	"ram" double precision NOT NULL,
	"disk_main" double precision NOT NULL,
	"disk_extra" double precision NOT NULL,
	"net_tx_vol" double precision NOT NULL,
	"net_rx_vol" double precision NOT NULL,
	"net_tx_pkg" double precision NOT NULL,
	"net_rx_pkg" double precision NOT NULL,
	CONSTRAINT "compute_metric_samples_instance_id_at_pk" PRIMARY KEY("instance_id","at")
);
--> statement-breakpoint
ALTER TABLE "compute_alert_rules" ADD CONSTRAINT "compute_alert_rules_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compute_alert_rules" ADD CONSTRAINT "compute_alert_rules_instance_id_compute_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."compute_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compute_metric_samples" ADD CONSTRAINT "compute_metric_samples_instance_id_compute_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."compute_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compute_alert_rules_workspace_id" ON "compute_alert_rules" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "compute_alert_rules_instance_id" ON "compute_alert_rules" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "compute_metric_samples_at" ON "compute_metric_samples" USING btree ("at");
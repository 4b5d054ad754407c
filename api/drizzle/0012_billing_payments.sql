CREATE TABLE "payment_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider" text NOT NULL,
	"intent_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"status" text NOT NULL,
	"purpose" text NOT NULL,
	"invoice_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"statement_descriptor" text NOT NULL,
	"full_description" text NOT NULL,
	"method_type" text NOT NULL,
	"payment_method_id" uuid,
	"save_card" boolean DEFAULT false NOT NULL,
	"return_url" text NOT NULL,
	"next_action" jsonb,
	"last_error" jsonb,
	"created_by" uuid,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "payment_attempts_intent_id_unique" UNIQUE("intent_id"),
	CONSTRAINT "payment_attempts_key" UNIQUE("workspace_id","idempotency_key"),
	CONSTRAINT "payment_attempts_status" CHECK ("payment_attempts"."status" in ('REQUIRES_PAYMENT_METHOD', 'REQUIRES_ACTION', 'PROCESSING', 'SUCCEEDED', 'CANCELED')),
	CONSTRAINT "payment_attempts_amount_positive" CHECK ("payment_attempts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_customers" (
	"workspace_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	CONSTRAINT "payment_customers_workspace" UNIQUE("workspace_id","provider")
);
--> statement-breakpoint
CREATE TABLE "payment_method_defaults" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"payment_method_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"intent_id" text NOT NULL,
	"payload" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"object" text NOT NULL,
	"customer" text NOT NULL,
	"method_kind" text NOT NULL,
	"state" jsonb NOT NULL,
	"return_url" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"customer" text,
	"type" text NOT NULL,
	"card" jsonb,
	"test_number" text,
	"paypal" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_paypal_connections" (
	"token" text PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"payer_email" text NOT NULL,
	"return_url" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_method_defaults" ADD CONSTRAINT "payment_method_defaults_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_method_defaults" ADD CONSTRAINT "payment_method_defaults_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_paypal_connections" ADD CONSTRAINT "sandbox_paypal_connections_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_attempts_workspace" ON "payment_attempts" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_one_unfinished" ON "payment_attempts" USING btree ("workspace_id") WHERE "payment_attempts"."status" in ('REQUIRES_PAYMENT_METHOD', 'REQUIRES_ACTION', 'PROCESSING');--> statement-breakpoint
CREATE INDEX "sandbox_events_undelivered" ON "sandbox_events" USING btree ("delivered_at","created_at");
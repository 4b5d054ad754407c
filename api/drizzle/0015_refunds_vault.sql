CREATE TABLE "stripe_refunds" (
	"refund_id" text PRIMARY KEY NOT NULL,
	"payment_attempt_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paypal_payment_tokens" (
	"payment_method_id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"payment_token_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "paypal_payment_tokens_payment_token_id_unique" UNIQUE("payment_token_id")
);
--> statement-breakpoint
CREATE TABLE "paypal_vault_setups" (
	"setup_token_id" text PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"payment_method_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "stripe_refunds" ADD CONSTRAINT "stripe_refunds_payment_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("payment_attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paypal_payment_tokens" ADD CONSTRAINT "paypal_payment_tokens_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paypal_payment_tokens" ADD CONSTRAINT "paypal_payment_tokens_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paypal_vault_setups" ADD CONSTRAINT "paypal_vault_setups_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paypal_vault_setups" ADD CONSTRAINT "paypal_vault_setups_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paypal_payment_tokens_workspace" ON "paypal_payment_tokens" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "paypal_vault_setups_workspace" ON "paypal_vault_setups" USING btree ("workspace_id");
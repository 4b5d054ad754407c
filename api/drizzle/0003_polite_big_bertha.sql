CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "authorized_people" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" uuid,
	"full_name" text NOT NULL,
	"mobile_phone" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"login_status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "authorized_people_login_status" CHECK ("authorized_people"."login_status" in ('ACTIVE', 'INVITED', 'DISABLED'))
);
--> statement-breakpoint
CREATE TABLE "balances" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"bonus_balance" numeric(14, 2) DEFAULT '0' NOT NULL,
	"debit_balance" numeric(14, 2) DEFAULT '0' NOT NULL,
	"amount_due" numeric(14, 2) DEFAULT '0' NOT NULL,
	"since_last_invoice" numeric(14, 2) DEFAULT '0' NOT NULL,
	"credit_limit" numeric(14, 2) DEFAULT '0' NOT NULL,
	"vat_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"currency" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key_hash" text NOT NULL,
	"workspace_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"invited_by_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by_id" uuid,
	CONSTRAINT "invitations_key_hash_unique" UNIQUE("key_hash"),
	CONSTRAINT "invitations_email_lower_case" CHECK ("invitations"."email" = lower("invitations"."email")),
	CONSTRAINT "invitations_role" CHECK ("invitations"."role" in ('Administrative', 'Billing', 'Technical'))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"number" text NOT NULL,
	"date_invoiced" date NOT NULL,
	"date_due" date NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"amount_due" numeric(14, 2) NOT NULL,
	"pdf_uid" uuid,
	"is_selectable_for_payment" boolean DEFAULT false NOT NULL,
	"url" text,
	"payment_amount" numeric(14, 2),
	"payment_currency" text,
	"payment_created_by" text,
	"payment_created_on" timestamp with time zone,
	CONSTRAINT "invoices_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "legacy_services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"monthly" numeric(14, 2) NOT NULL,
	"monthly_currency" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"method_id" text NOT NULL,
	"method_type" text NOT NULL,
	"effective_from" timestamp with time zone DEFAULT now() NOT NULL,
	"effective_till" timestamp with time zone,
	"card_brand" text,
	"card_last4" text,
	"card_exp_month" integer,
	"card_exp_year" integer,
	"paypal_country" text,
	"paypal_payer_id" text,
	"paypal_payer_email" text,
	CONSTRAINT "payment_methods_type" CHECK ("payment_methods"."method_type" in ('CARD', 'PAYPAL'))
);
--> statement-breakpoint
CREATE TABLE "pending_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"payment_method" text,
	"client_secret" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"statement_descriptor" text DEFAULT '' NOT NULL,
	"full_description" text DEFAULT '' NOT NULL,
	"invoice_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pending_payments_workspace_id_unique" UNIQUE("workspace_id")
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unread_message_counts" (
	"id" serial PRIMARY KEY NOT NULL,
	"workspace_id" uuid,
	"user_id" uuid,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "unread_message_counts_workspace_id_unique" UNIQUE("workspace_id"),
	CONSTRAINT "unread_message_counts_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "unread_message_counts_one_owner" CHECK (num_nonnulls("unread_message_counts"."workspace_id", "unread_message_counts"."user_id") = 1),
	CONSTRAINT "unread_message_counts_not_negative" CHECK ("unread_message_counts"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "workspace_employees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_employees_workspace_user" UNIQUE("workspace_id","user_id"),
	CONSTRAINT "workspace_employees_role" CHECK ("workspace_employees"."role" in ('Administrative', 'Billing', 'Technical'))
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_uid" text DEFAULT gen_random_uuid()::text NOT NULL,
	"name" text NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspaces_contract_uid_unique" UNIQUE("contract_uid"),
	CONSTRAINT "workspaces_number_unique" UNIQUE("number"),
	CONSTRAINT "workspaces_kind" CHECK ("workspaces"."kind" in ('STD', 'CAB')),
	CONSTRAINT "workspaces_currency" CHECK ("workspaces"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profiles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "authorized_people" ADD CONSTRAINT "authorized_people_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authorized_people" ADD CONSTRAINT "authorized_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_accepted_by_id_users_id_fk" FOREIGN KEY ("accepted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_services" ADD CONSTRAINT "legacy_services_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_payments" ADD CONSTRAINT "pending_payments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_payments" ADD CONSTRAINT "pending_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unread_message_counts" ADD CONSTRAINT "unread_message_counts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unread_message_counts" ADD CONSTRAINT "unread_message_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_employees" ADD CONSTRAINT "workspace_employees_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_employees" ADD CONSTRAINT "workspace_employees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "authorized_people_workspace_id" ON "authorized_people" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "authorized_people_user_id" ON "authorized_people" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "invitations_workspace_id" ON "invitations" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "invoices_workspace_id" ON "invoices" USING btree ("workspace_id","date_invoiced");--> statement-breakpoint
CREATE INDEX "legacy_services_workspace_id" ON "legacy_services" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "payment_methods_workspace_id" ON "payment_methods" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "services_workspace_id" ON "services" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "workspace_employees_user_id" ON "workspace_employees" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "workspaces_account_id" ON "workspaces" USING btree ("account_id");
CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(12, 3) DEFAULT '1' NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "invoice_lines_position" UNIQUE("invoice_id","position")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"account" text NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"invoice_id" uuid,
	"payment_id" uuid,
	"source" text,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_account" CHECK ("ledger_entries"."account" in ('cash', 'receivable', 'unbilled', 'bonus')),
	CONSTRAINT "ledger_entries_kind" CHECK ("ledger_entries"."kind" in ('charge', 'invoice', 'payment', 'allocation', 'bonus', 'bonus_applied', 'refund', 'adjustment')),
	CONSTRAINT "ledger_entries_not_zero" CHECK ("ledger_entries"."amount" <> 0),
	CONSTRAINT "ledger_entries_receivable_has_invoice" CHECK (("ledger_entries"."account" = 'receivable') = ("ledger_entries"."invoice_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0)
);
--> statement-breakpoint
-- Hand-edited (README, "Billing"): existing invoices get net = gross, no VAT; the defaults go after.
ALTER TABLE "invoices" ADD COLUMN "net_amount" numeric(14, 2) NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "vat_rate" numeric(5, 2) NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "vat_amount" numeric(14, 2) NOT NULL DEFAULT 0;--> statement-breakpoint
UPDATE "invoices" SET "net_amount" = "amount";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "net_amount" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "vat_rate" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "vat_amount" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "legacy" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_workspace_account" ON "ledger_entries" USING btree ("workspace_id","account");--> statement-breakpoint
CREATE INDEX "ledger_entries_invoice_id" ON "ledger_entries" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payments_workspace_id" ON "payments" USING btree ("workspace_id");--> statement-breakpoint
-- Hand-edited: the stored money moves into the ledger before its columns go, so a data folder keeps
-- every balance (amount = cash - receivable; the receivable per unpaid invoice).
INSERT INTO "ledger_entries" ("workspace_id", "account", "kind", "amount", "currency", "invoice_id", "description")
  SELECT "workspace_id", 'receivable', 'invoice', "amount", "currency", "id", 'Invoice ' || "number" FROM "invoices" WHERE "amount" <> 0;--> statement-breakpoint
INSERT INTO "ledger_entries" ("workspace_id", "account", "kind", "amount", "currency", "invoice_id", "description")
  SELECT "workspace_id", 'receivable', 'allocation', "amount_due" - "amount", "currency", "id", 'Settled before the ledger' FROM "invoices" WHERE "amount_due" <> "amount";--> statement-breakpoint
INSERT INTO "ledger_entries" ("workspace_id", "account", "kind", "amount", "currency", "description")
  SELECT b."workspace_id", 'cash', 'adjustment', b."amount" + coalesce((SELECT sum(i."amount_due") FROM "invoices" i WHERE i."workspace_id" = b."workspace_id"), 0), b."currency", 'Opening balance'
  FROM "balances" b WHERE b."amount" + coalesce((SELECT sum(i."amount_due") FROM "invoices" i WHERE i."workspace_id" = b."workspace_id"), 0) <> 0;--> statement-breakpoint
INSERT INTO "ledger_entries" ("workspace_id", "account", "kind", "amount", "currency", "source", "description")
  SELECT "workspace_id", 'unbilled', 'charge', "since_last_invoice", "currency", 'other', 'Charges before the ledger' FROM "balances" WHERE "since_last_invoice" <> 0;--> statement-breakpoint
INSERT INTO "ledger_entries" ("workspace_id", "account", "kind", "amount", "currency", "description")
  SELECT "workspace_id", 'bonus', 'bonus', "bonus_balance", "currency", 'Bonus before the ledger' FROM "balances" WHERE "bonus_balance" <> 0;--> statement-breakpoint
ALTER TABLE "balances" DROP COLUMN "amount";--> statement-breakpoint
ALTER TABLE "balances" DROP COLUMN "bonus_balance";--> statement-breakpoint
ALTER TABLE "balances" DROP COLUMN "debit_balance";--> statement-breakpoint
ALTER TABLE "balances" DROP COLUMN "amount_due";--> statement-breakpoint
ALTER TABLE "balances" DROP COLUMN "since_last_invoice";--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "amount_due";--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "pdf_uid";--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "is_selectable_for_payment";--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "url";--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "payment_amount";--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "payment_currency";--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "payment_created_by";--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "payment_created_on";--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_total" CHECK ("invoices"."amount" = "invoices"."net_amount" + "invoices"."vat_amount");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_due_after_invoiced" CHECK ("invoices"."date_due" >= "invoices"."date_invoiced");
CREATE TABLE "paypal_refunds" (
	"refund_id" text PRIMARY KEY NOT NULL,
	"payment_attempt_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP TABLE "pending_payments" CASCADE;--> statement-breakpoint
ALTER TABLE "paypal_refunds" ADD CONSTRAINT "paypal_refunds_payment_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("payment_attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE cascade ON UPDATE no action;
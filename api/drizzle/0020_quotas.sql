CREATE TABLE "compute_quotas" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"instance_limit" integer NOT NULL,
	CONSTRAINT "compute_quotas_instance_limit" CHECK ("compute_quotas"."instance_limit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invitation_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"email" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "compute_quotas" ADD CONSTRAINT "compute_quotas_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_mails" ADD CONSTRAINT "invitation_mails_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitation_mails_workspace" ON "invitation_mails" USING btree ("workspace_id","sent_at");--> statement-breakpoint
CREATE INDEX "invitation_mails_email" ON "invitation_mails" USING btree ("email","sent_at");--> statement-breakpoint
CREATE INDEX "support_messages_author" ON "support_messages" USING btree ("author_id","created_at");
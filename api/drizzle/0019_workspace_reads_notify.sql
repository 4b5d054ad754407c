-- The api keeps a viewer's workspace load (`src/workspaces/repository.ts`: the workspaces with their
-- account, people, services, money rows and unread answers, one statement) in each process's memory
-- between writes, as it keeps the session lookup (0018): every commit that changed a table that
-- statement reads tells every process, through the same channel. `api/src/graphql/api.test.ts` checks
-- that every table the statement reads has this trigger.
CREATE TRIGGER "workspaces_notify_cached" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "workspaces"
  FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_cached_tables"();
--> statement-breakpoint
CREATE TRIGGER "workspace_employees_notify_cached" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "workspace_employees"
  FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_cached_tables"();
--> statement-breakpoint
CREATE TRIGGER "authorized_people_notify_cached" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "authorized_people"
  FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_cached_tables"();
--> statement-breakpoint
CREATE TRIGGER "workspace_deletions_notify_cached" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "workspace_deletions"
  FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_cached_tables"();
--> statement-breakpoint
CREATE TRIGGER "accounts_notify_cached" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "accounts"
  FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_cached_tables"();
--> statement-breakpoint
CREATE TRIGGER "services_notify_cached" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "services"
  FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_cached_tables"();
--> statement-breakpoint
CREATE TRIGGER "legacy_services_notify_cached" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "legacy_services"
  FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_cached_tables"();
--> statement-breakpoint
CREATE TRIGGER "balances_notify_cached" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "balances"
  FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_cached_tables"();
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_notify_cached" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_cached_tables"();
--> statement-breakpoint
CREATE TRIGGER "invoices_notify_cached" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "invoices"
  FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_cached_tables"();
--> statement-breakpoint
CREATE TRIGGER "payment_methods_notify_cached" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "payment_methods"
  FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_cached_tables"();
--> statement-breakpoint
CREATE TRIGGER "payment_method_defaults_notify_cached" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "payment_method_defaults"
  FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_cached_tables"();
--> statement-breakpoint
CREATE TRIGGER "payment_attempts_notify_cached" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "payment_attempts"
  FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_cached_tables"();
--> statement-breakpoint
CREATE TRIGGER "support_messages_notify_cached" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "support_messages"
  FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_cached_tables"();
--> statement-breakpoint
CREATE TRIGGER "support_message_reads_notify_cached" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "support_message_reads"
  FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_cached_tables"();

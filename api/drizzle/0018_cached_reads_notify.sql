-- The api keeps the session lookup (`auth_sessions` joined with `users`) in each process's memory
-- between writes (`src/db/cached-reads.ts`); every commit that changed either table tells every
-- process, through the channel they LISTEN on.
CREATE FUNCTION "portal_notify_cached_tables"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_cached_tables', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "auth_sessions_notify_cached" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "auth_sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_cached_tables"();
--> statement-breakpoint
CREATE TRIGGER "users_notify_cached" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_cached_tables"();

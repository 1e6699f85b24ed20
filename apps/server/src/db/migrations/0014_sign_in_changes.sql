-- Instances remember sessions' sign-ins between requests (plugins/auth.ts). Whatever a sign-in
-- holds changes only with these rows; each change tells every instance at commit which user's
-- sign-ins to forget (an empty payload: everyone's).
CREATE FUNCTION "sign_in_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_ARGV[0] = '' THEN
    PERFORM pg_notify('wop_sign_ins', '');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('wop_sign_ins', to_jsonb(OLD) ->> TG_ARGV[0]);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (to_jsonb(NEW) ->> TG_ARGV[0]) <> (to_jsonb(OLD) ->> TG_ARGV[0])) THEN
    PERFORM pg_notify('wop_sign_ins', to_jsonb(NEW) ->> TG_ARGV[0]);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A session ended (sign-out, password change) or shortened. Sessions that had already expired are
-- not remembered anywhere: clearing them out tells no one.
CREATE TRIGGER "access_tokens_sign_in_changed" AFTER UPDATE OR DELETE ON "access_tokens"
  FOR EACH ROW WHEN (OLD.kind = 'session' AND OLD.expires_at > now())
  EXECUTE FUNCTION "sign_in_changed"('user_id');--> statement-breakpoint
CREATE TRIGGER "users_sign_in_changed" AFTER UPDATE OF "name", "email", "role_id" OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "sign_in_changed"('id');--> statement-breakpoint
CREATE TRIGGER "user_chains_sign_in_changed" AFTER INSERT OR UPDATE OR DELETE ON "user_chains"
  FOR EACH ROW EXECUTE FUNCTION "sign_in_changed"('user_id');--> statement-breakpoint
CREATE TRIGGER "user_regions_sign_in_changed" AFTER INSERT OR UPDATE OR DELETE ON "user_regions"
  FOR EACH ROW EXECUTE FUNCTION "sign_in_changed"('user_id');--> statement-breakpoint
CREATE TRIGGER "user_stores_sign_in_changed" AFTER INSERT OR UPDATE OR DELETE ON "user_stores"
  FOR EACH ROW EXECUTE FUNCTION "sign_in_changed"('user_id');--> statement-breakpoint
CREATE TRIGGER "roles_sign_in_changed" AFTER UPDATE OF "slug" OR DELETE ON "roles"
  FOR EACH ROW EXECUTE FUNCTION "sign_in_changed"('');

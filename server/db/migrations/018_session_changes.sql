-- A server keeps the accounts behind recently used tokens in memory for a short while (on
-- PostgreSQL, where each lookup is a round trip). Every change that decides what a token may do
-- is announced on the channel 'session_changes', the payload being the account's id, so every
-- server forgets that account's tokens at once: the writer's own connection hears it before its
-- statement returns, the other servers' connections a moment later.
CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('session_changes', to_jsonb(OLD) ->> TG_ARGV[0]); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('session_changes', to_jsonb(NEW) ->> TG_ARGV[0]); END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER accounts_session_change AFTER UPDATE ON accounts FOR EACH ROW
  WHEN (OLD.role_id IS DISTINCT FROM NEW.role_id OR OLD.blocked_access IS DISTINCT FROM NEW.blocked_access
        OR OLD.registration_completed IS DISTINCT FROM NEW.registration_completed OR OLD.email IS DISTINCT FROM NEW.email
        OR OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION notify_session_change('id');
CREATE TRIGGER accounts_session_gone AFTER DELETE ON accounts FOR EACH ROW EXECUTE FUNCTION notify_session_change('id');
CREATE TRIGGER access_tokens_session_change AFTER DELETE OR UPDATE OF account_id, token_hash, expires_at ON access_tokens
  FOR EACH ROW EXECUTE FUNCTION notify_session_change('account_id');
CREATE TRIGGER two_factor_session_change AFTER INSERT OR UPDATE OR DELETE ON two_factor
  FOR EACH ROW EXECUTE FUNCTION notify_session_change('account_id');

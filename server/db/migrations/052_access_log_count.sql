-- The staff access log's total as a counter (as the other logs have since migration 017), so its
-- first page no longer counts the whole log; and the instruments of a subscription by index, read
-- by every member record (the insured instruments of the member's instrument subscription).

CREATE FUNCTION list_counts_after_access_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_count_deltas (list, n) SELECT 'access-log', count(*) FROM new_rows HAVING count(*) > 0;
  ELSE
    INSERT INTO list_count_deltas (list, n) SELECT 'access-log', -count(*) FROM old_rows HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;

-- `npm run demo:reset` is the one TRUNCATE the log lets through: the count starts again from its rows.
CREATE FUNCTION access_log_count_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM list_count_deltas WHERE list = 'access-log';
  DELETE FROM list_counts WHERE list = 'access-log';
  INSERT INTO list_counts (list, total) SELECT 'access-log', count(*) FROM access_log;
  RETURN NULL;
END
$$;

CREATE TRIGGER list_counts_insert AFTER INSERT ON access_log
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_after_access_log();
CREATE TRIGGER list_counts_delete AFTER DELETE ON access_log
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_after_access_log();
CREATE TRIGGER list_counts_truncate AFTER TRUNCATE ON access_log
  FOR EACH STATEMENT EXECUTE FUNCTION access_log_count_after_truncate();

INSERT INTO list_counts (list, total) SELECT 'access-log', count(*) FROM access_log;

CREATE INDEX instruments_subscription ON instruments (subscription_id) WHERE subscription_id IS NOT NULL;

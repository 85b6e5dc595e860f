-- The menu's count of waiting claims ('pending-claims': sent or in progress), a counter as the
-- claims queue's total has (migration 056): each statement that adds, removes or moves claims into
-- or out of waiting adds a delta row, the hourly clean-up folds them, and the badge counts nothing
-- (a count of every waiting claim before: 5 shared buffers at 10 000 members, 7 at 100 000 with a
-- claim on every fourth instrument, and more as claims wait).

CREATE FUNCTION pending_claims_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    delta := delta + (SELECT count(*) FROM new_rows WHERE state IN ('sent', 'in_progress'));
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    delta := delta - (SELECT count(*) FROM old_rows WHERE state IN ('sent', 'in_progress'));
  END IF;
  IF delta <> 0 THEN
    INSERT INTO list_count_deltas (list, n) VALUES ('pending-claims', delta);
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION pending_claims_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM list_count_deltas WHERE list = 'pending-claims';
  DELETE FROM list_counts WHERE list = 'pending-claims';
  INSERT INTO list_counts (list, total) VALUES ('pending-claims', 0);
  RETURN NULL;
END
$$;

CREATE TRIGGER pending_claims_insert AFTER INSERT ON claims
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pending_claims_changed();
CREATE TRIGGER pending_claims_update AFTER UPDATE ON claims
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pending_claims_changed();
CREATE TRIGGER pending_claims_delete AFTER DELETE ON claims
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pending_claims_changed();
CREATE TRIGGER pending_claims_truncate AFTER TRUNCATE ON claims
  FOR EACH STATEMENT EXECUTE FUNCTION pending_claims_after_truncate();

INSERT INTO list_counts (list, total) SELECT 'pending-claims', count(*) FROM claims WHERE state IN ('sent', 'in_progress');

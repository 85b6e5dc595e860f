-- The staff instrument list's total ('Instrumenter'), a counter as the claims queue has (migration
-- 056): each statement that adds or removes instruments adds a delta row, the hourly clean-up folds
-- them, and the list's first and last pages count nothing (a count of every instrument before: 695
-- shared buffers per page at 100 000 members against 194 at 10 000).

-- One trigger function for any counted table: the counter's name is the trigger's argument.
CREATE FUNCTION list_count_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_count_deltas (list, n) SELECT TG_ARGV[0], count(*) FROM new_rows HAVING count(*) > 0;
  ELSE
    INSERT INTO list_count_deltas (list, n) SELECT TG_ARGV[0], -count(*) FROM old_rows HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION instruments_count_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM list_count_deltas WHERE list = 'instruments';
  DELETE FROM list_counts WHERE list = 'instruments';
  INSERT INTO list_counts (list, total) VALUES ('instruments', 0);
  RETURN NULL;
END
$$;

-- Named apart from migration 011's list_counts_* triggers on instruments (the pending queue's),
-- which a bulk seed may switch off while it counts those itself.
CREATE TRIGGER instruments_count_insert AFTER INSERT ON instruments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_count_rows_changed('instruments');
CREATE TRIGGER instruments_count_delete AFTER DELETE ON instruments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_count_rows_changed('instruments');
CREATE TRIGGER instruments_count_truncate AFTER TRUNCATE ON instruments
  FOR EACH STATEMENT EXECUTE FUNCTION instruments_count_after_truncate();

INSERT INTO list_counts (list, total) SELECT 'instruments', count(*) FROM instruments;

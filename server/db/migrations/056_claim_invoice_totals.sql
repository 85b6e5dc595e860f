-- Two totals kept as their rows change, so a list's first and last pages cost the same however
-- many rows it holds:
-- - the claims queue's total, a counter as the logs have (migration 017's list_count_deltas);
-- - the invoice list's totals (count, invoiced, paid, credited, outstanding) per year, state and
--   channel, and what open invoices owe per due date (Betaling's aging): each statement that writes
--   invoices adds what it changed as delta rows (no shared row is locked, so a renewal run and a
--   payment never wait on each other); the hourly clean-up folds them to one row per year, state
--   and channel and one per due date. The list's totals with no filter, or filtered by year, state
--   or channel, and the aging are then sums over those few rows instead of walks of every invoice.

CREATE FUNCTION list_counts_after_claims() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_count_deltas (list, n) SELECT 'claims', count(*) FROM new_rows HAVING count(*) > 0;
  ELSE
    INSERT INTO list_count_deltas (list, n) SELECT 'claims', -count(*) FROM old_rows HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION claims_count_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM list_count_deltas WHERE list = 'claims';
  DELETE FROM list_counts WHERE list = 'claims';
  INSERT INTO list_counts (list, total) VALUES ('claims', 0);
  RETURN NULL;
END
$$;

CREATE TRIGGER list_counts_insert AFTER INSERT ON claims
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_after_claims();
CREATE TRIGGER list_counts_delete AFTER DELETE ON claims
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_after_claims();
CREATE TRIGGER list_counts_truncate AFTER TRUNCATE ON claims
  FOR EACH STATEMENT EXECUTE FUNCTION claims_count_after_truncate();

INSERT INTO list_counts (list, total) SELECT 'claims', count(*) FROM claims;

CREATE TABLE invoice_total_deltas (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  year integer NOT NULL,
  state text NOT NULL,
  channel text NOT NULL,
  invoices bigint NOT NULL,
  invoiced bigint NOT NULL,
  paid bigint NOT NULL,
  credited bigint NOT NULL,
  outstanding bigint NOT NULL
);

-- Open is what the invoice list calls open (not credited, something still owed).
CREATE TABLE invoice_open_deltas (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  due_date date NOT NULL,
  invoices bigint NOT NULL,
  owed bigint NOT NULL
);

-- What a statement changed (its new rows counted n = 1, its old rows n = -1, column by column)
-- adds to both, one delta per year, state and channel and one per due date; an update that changed
-- nothing summed adds nothing.
CREATE FUNCTION invoice_totals_record(n int[], year int[], state text[], channel text[], total bigint[], paid bigint[],
                                      credited bigint[], due_date date[]) RETURNS void LANGUAGE sql AS $$
  WITH r AS (
    SELECT * FROM unnest(n, year, state, channel, total, paid, credited, due_date) AS r(n, year, state, channel, total, paid, credited, due_date)
  ), totals AS (
    INSERT INTO invoice_total_deltas (year, state, channel, invoices, invoiced, paid, credited, outstanding)
    SELECT r.year, r.state, r.channel, sum(r.n), sum(r.n * r.total), sum(r.n * r.paid), sum(r.n * r.credited),
           sum(r.n * greatest(r.total - r.paid - r.credited, 0))
      FROM r GROUP BY r.year, r.state, r.channel
    HAVING sum(r.n) <> 0 OR sum(r.n * r.total) <> 0 OR sum(r.n * r.paid) <> 0 OR sum(r.n * r.credited) <> 0
    RETURNING 1
  )
  INSERT INTO invoice_open_deltas (due_date, invoices, owed)
  SELECT r.due_date, sum(r.n), sum(r.n * (r.total - r.paid - r.credited))
    FROM r WHERE r.state <> 'credited' AND r.total > r.paid + r.credited
   GROUP BY r.due_date
  HAVING sum(r.n) <> 0 OR sum(r.n * (r.total - r.paid - r.credited)) <> 0
$$;

CREATE FUNCTION invoice_totals_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM invoice_totals_record(array_agg(1), array_agg(year), array_agg(state), array_agg(channel), array_agg(total_ore::bigint),
                                array_agg(paid_ore::bigint), array_agg(credited_ore::bigint), array_agg(due_date))
     FROM new_rows;
  RETURN NULL;
END
$$;

CREATE FUNCTION invoice_totals_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM invoice_totals_record(array_agg(n), array_agg(year), array_agg(state), array_agg(channel), array_agg(total_ore::bigint),
                                array_agg(paid_ore::bigint), array_agg(credited_ore::bigint), array_agg(due_date))
     FROM (SELECT 1 AS n, year, state, channel, total_ore, paid_ore, credited_ore, due_date FROM new_rows
           UNION ALL
           SELECT -1, year, state, channel, total_ore, paid_ore, credited_ore, due_date FROM old_rows) changed;
  RETURN NULL;
END
$$;

CREATE FUNCTION invoice_totals_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM invoice_totals_record(array_agg(-1), array_agg(year), array_agg(state), array_agg(channel), array_agg(total_ore::bigint),
                                array_agg(paid_ore::bigint), array_agg(credited_ore::bigint), array_agg(due_date))
     FROM old_rows;
  RETURN NULL;
END
$$;

CREATE FUNCTION invoice_totals_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM invoice_total_deltas;
  DELETE FROM invoice_open_deltas;
  RETURN NULL;
END
$$;

CREATE TRIGGER invoice_totals_insert AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_totals_after_insert();
CREATE TRIGGER invoice_totals_update AFTER UPDATE ON invoices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_totals_after_update();
CREATE TRIGGER invoice_totals_delete AFTER DELETE ON invoices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_totals_after_delete();
CREATE TRIGGER invoice_totals_truncate AFTER TRUNCATE ON invoices
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_totals_after_truncate();

INSERT INTO invoice_total_deltas (year, state, channel, invoices, invoiced, paid, credited, outstanding)
SELECT year, state, channel, count(*), sum(total_ore), sum(paid_ore), sum(credited_ore), sum(greatest(total_ore - paid_ore - credited_ore, 0))
  FROM invoices GROUP BY year, state, channel;
INSERT INTO invoice_open_deltas (due_date, invoices, owed)
SELECT due_date, count(*), sum(total_ore - paid_ore - credited_ore)
  FROM invoices WHERE state <> 'credited' AND total_ore > paid_ore + credited_ore GROUP BY due_date;

-- Two totals kept as their rows change, so a list's first and last pages cost the same however
-- many rows it holds:
-- - the claims queue's total, a counter as the logs have (migration 017's list_count_deltas);
-- - the invoice list's totals (count, invoiced, paid, outstanding) per year, state and channel:
--   each statement that writes invoices adds what it changed as delta rows (no shared row is
--   locked, so a renewal run and a payment never wait on each other); the hourly clean-up folds
--   them to one row per year, state and channel. The list's totals with no filter, or filtered by
--   year, state or channel, are then a sum over those few rows instead of a walk of every invoice.

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
  outstanding bigint NOT NULL
);

-- What a statement's rows add (new_rows) and take away (old_rows), one delta per year, state and
-- channel; an update that changed none of the summed columns adds nothing.
CREATE FUNCTION invoice_totals_add(added bigint, year integer, state text, channel text, total integer, paid integer, credited integer)
  RETURNS TABLE (year integer, state text, channel text, invoices bigint, invoiced bigint, paid bigint, outstanding bigint)
  LANGUAGE sql IMMUTABLE AS $$
  SELECT year, state, channel, added, added * total, added * paid, added * greatest(total - paid - credited, 0)
$$;

CREATE FUNCTION invoice_totals_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO invoice_total_deltas (year, state, channel, invoices, invoiced, paid, outstanding)
  SELECT d.year, d.state, d.channel, sum(d.invoices), sum(d.invoiced), sum(d.paid), sum(d.outstanding)
    FROM new_rows r, invoice_totals_add(1, r.year, r.state, r.channel, r.total_ore, r.paid_ore, r.credited_ore) d
   GROUP BY d.year, d.state, d.channel;
  RETURN NULL;
END
$$;

CREATE FUNCTION invoice_totals_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO invoice_total_deltas (year, state, channel, invoices, invoiced, paid, outstanding)
  SELECT d.year, d.state, d.channel, sum(d.invoices), sum(d.invoiced), sum(d.paid), sum(d.outstanding)
    FROM (SELECT x.* FROM new_rows r, invoice_totals_add(1, r.year, r.state, r.channel, r.total_ore, r.paid_ore, r.credited_ore) x
          UNION ALL
          SELECT x.* FROM old_rows r, invoice_totals_add(-1, r.year, r.state, r.channel, r.total_ore, r.paid_ore, r.credited_ore) x) d
   GROUP BY d.year, d.state, d.channel
  HAVING sum(d.invoices) <> 0 OR sum(d.invoiced) <> 0 OR sum(d.paid) <> 0 OR sum(d.outstanding) <> 0;
  RETURN NULL;
END
$$;

CREATE FUNCTION invoice_totals_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO invoice_total_deltas (year, state, channel, invoices, invoiced, paid, outstanding)
  SELECT d.year, d.state, d.channel, sum(d.invoices), sum(d.invoiced), sum(d.paid), sum(d.outstanding)
    FROM old_rows r, invoice_totals_add(-1, r.year, r.state, r.channel, r.total_ore, r.paid_ore, r.credited_ore) d
   GROUP BY d.year, d.state, d.channel;
  RETURN NULL;
END
$$;

CREATE FUNCTION invoice_totals_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM invoice_total_deltas;
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

INSERT INTO invoice_total_deltas (year, state, channel, invoices, invoiced, paid, outstanding)
SELECT year, state, channel, count(*), sum(total_ore), sum(paid_ore), sum(greatest(total_ore - paid_ore - credited_ore, 0))
  FROM invoices GROUP BY year, state, channel;

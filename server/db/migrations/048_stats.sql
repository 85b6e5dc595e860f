-- 'Nøkkeltall': day-by-day counters the board's figures are summed from, so a period's figures
-- cost the same at 100 000 members as at 1 000. Each section keeps its metrics here from
-- triggers in the transaction of every change (049 and 050 add them), and `npm run
-- stats:rebuild` recomputes them from the register's history.
--
-- A row is one metric's change on one Oslo day, optionally split by a dimension (a product, a
-- reason, a waiting time in days): a figure over a period is the sum of its days, a figure at a
-- day's end the sum of every day up to it.
CREATE TABLE stats_counts (
  metric text NOT NULL,
  dim text NOT NULL DEFAULT '',
  day date NOT NULL,
  value bigint NOT NULL,
  PRIMARY KEY (metric, dim, day)
);

-- Adds each (metric, dim, day, delta) of `moves` to the counters, in key order so two writers
-- never wait on each other in a circle; a counter back at zero is removed.
CREATE FUNCTION stats_move(moves jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stats_counts AS c (metric, dim, day, value)
  SELECT m.metric, coalesce(m.dim, ''), m.day, sum(m.delta)
    FROM jsonb_to_recordset(moves) AS m (metric text, dim text, day date, delta bigint)
   WHERE m.day IS NOT NULL
   GROUP BY 1, 2, 3
  HAVING sum(m.delta) <> 0
   ORDER BY 1, 2, 3
  ON CONFLICT (metric, dim, day) DO UPDATE SET value = c.value + excluded.value;
  DELETE FROM stats_counts c
   USING jsonb_to_recordset(moves) AS m (metric text, dim text, day date, delta bigint)
   WHERE c.metric = m.metric AND c.dim = coalesce(m.dim, '') AND c.day = m.day AND c.value = 0;
END;
$$;

-- What each source row (a member, a request, an instrument, an invoice, …) now contributes to
-- the counters. A change recomputes the contribution of the rows it touched and moves the
-- counters by the difference, so the figures never depend on which table changed first, and a
-- rebuild is the same recomputation for every row.
CREATE TABLE stats_shares (
  source text NOT NULL,
  source_id integer NOT NULL,
  moves jsonb NOT NULL,
  PRIMARY KEY (source, source_id)
);

-- Recomputes the shares of `ids` for `src`. A source 'x-y' provides the function
-- stats_x_y_moves(ids integer[]) RETURNS TABLE (source_id integer, moves jsonb), `moves` an array
-- of {metric, dim, day, delta}; a row it does not return contributes nothing.
CREATE FUNCTION stats_refresh(src text, ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  fresh jsonb;
  diff jsonb;
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  -- The rows' shares are locked in id order, so two writers never wait on each other in a circle.
  INSERT INTO stats_shares (source, source_id, moves)
  SELECT DISTINCT src, id, '[]'::jsonb FROM unnest(ids) AS id WHERE id IS NOT NULL ORDER BY 2 ON CONFLICT DO NOTHING;
  PERFORM 1 FROM stats_shares WHERE source = src AND source_id = ANY (ids) ORDER BY source_id FOR UPDATE;

  EXECUTE format('SELECT coalesce(jsonb_object_agg(f.source_id::text, f.moves), ''{}''::jsonb) FROM %I($1) f',
                 'stats_' || replace(src, '-', '_') || '_moves')
     INTO fresh USING ids;

  WITH old AS (
    SELECT s.moves FROM stats_shares s WHERE s.source = src AND s.source_id = ANY (ids)
  ), changes AS (
    SELECT m.metric, m.dim, m.day, -m.delta AS delta
      FROM old, jsonb_to_recordset(old.moves) AS m (metric text, dim text, day date, delta bigint)
    UNION ALL
    SELECT m.metric, m.dim, m.day, m.delta
      FROM jsonb_each(fresh) AS e, jsonb_to_recordset(e.value) AS m (metric text, dim text, day date, delta bigint)
  )
  SELECT coalesce(jsonb_agg(to_jsonb(changes)), '[]'::jsonb) INTO diff FROM changes;
  PERFORM stats_move(diff);

  UPDATE stats_shares s SET moves = coalesce(fresh -> s.source_id::text, '[]'::jsonb)
   WHERE s.source = src AND s.source_id = ANY (ids);
  DELETE FROM stats_shares s WHERE s.source = src AND s.source_id = ANY (ids) AND s.moves = '[]'::jsonb;
END;
$$;

-- A rebuild of one source: its counters and shares forgotten, then every row's share computed
-- again (`ids` all of the source's rows, in batches from the caller).
CREATE FUNCTION stats_forget(src text, metrics text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stats_shares WHERE source = src;
  DELETE FROM stats_counts WHERE metric = ANY (metrics);
END;
$$;

-- The right to read them: 'Økonomi' and 'Administrator' have it from the start.
INSERT INTO staff_role_rights (role_id, name)
SELECT id, 'stats.read' FROM staff_roles WHERE id IN (4, 5)
ON CONFLICT DO NOTHING;

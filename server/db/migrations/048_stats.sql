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

-- The right to read them: 'Økonomi' and 'Administrator' have it from the start.
INSERT INTO staff_role_rights (role_id, name)
SELECT id, 'stats.read' FROM staff_roles WHERE id IN (4, 5)
ON CONFLICT DO NOTHING;

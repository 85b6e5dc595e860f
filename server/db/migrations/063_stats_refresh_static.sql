-- The statistics' refresh (048) read a source's shares with a dynamic EXECUTE, which PL/pgSQL
-- plans again on every call, and with it the source's moves function it inlines (a query of a
-- handful of CTEs): about 3 ms of planning in every refresh, most of a refresh of one row (7.5 ms
-- on PGlite for one member), paid by every statement that changes a counted table (removing one
-- member refreshes three sources). Each known source is now read by a static query, whose plan
-- PL/pgSQL keeps for the session; a source added later without its line here is still read the
-- dynamic way.

CREATE OR REPLACE FUNCTION stats_refresh(src text, ids integer[]) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
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

  CASE src
    WHEN 'mem-account' THEN
      SELECT coalesce(jsonb_object_agg(f.source_id::text, f.moves), '{}'::jsonb) INTO fresh FROM stats_mem_account_moves(ids) f;
    WHEN 'req-sub' THEN
      SELECT coalesce(jsonb_object_agg(f.source_id::text, f.moves), '{}'::jsonb) INTO fresh FROM stats_req_sub_moves(ids) f;
    WHEN 'req-instrument' THEN
      SELECT coalesce(jsonb_object_agg(f.source_id::text, f.moves), '{}'::jsonb) INTO fresh FROM stats_req_instrument_moves(ids) f;
    WHEN 'req-waiting-instrument' THEN
      SELECT coalesce(jsonb_object_agg(f.source_id::text, f.moves), '{}'::jsonb) INTO fresh FROM stats_req_waiting_instrument_moves(ids) f;
    WHEN 'ins-travel' THEN
      SELECT coalesce(jsonb_object_agg(f.source_id::text, f.moves), '{}'::jsonb) INTO fresh FROM stats_ins_travel_moves(ids) f;
    WHEN 'ins-instrument' THEN
      SELECT coalesce(jsonb_object_agg(f.source_id::text, f.moves), '{}'::jsonb) INTO fresh FROM stats_ins_instrument_moves(ids) f;
    WHEN 'camp-signup' THEN
      SELECT coalesce(jsonb_object_agg(f.source_id::text, f.moves), '{}'::jsonb) INTO fresh FROM stats_camp_signup_moves(ids) f;
    WHEN 'camp-checkout' THEN
      SELECT coalesce(jsonb_object_agg(f.source_id::text, f.moves), '{}'::jsonb) INTO fresh FROM stats_camp_checkout_moves(ids) f;
    WHEN 'money-invoice' THEN
      SELECT coalesce(jsonb_object_agg(f.source_id::text, f.moves), '{}'::jsonb) INTO fresh FROM stats_money_invoice_moves(ids) f;
    ELSE
      EXECUTE format('SELECT coalesce(jsonb_object_agg(f.source_id::text, f.moves), ''{}''::jsonb) FROM %I($1) f',
                     'stats_' || replace(src, '-', '_') || '_moves')
         INTO fresh USING ids;
  END CASE;

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

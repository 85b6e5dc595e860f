-- 'Nøkkeltall' → what waits now, as day counters ('requests-waiting', dim the kind, day the day
-- the request came in, as its queue shows 'Søkt dato'): the waiting times' histogram is read from
-- as many rows as there are days with something waiting, however much waits (migration 049 read
-- every waiting row, 14 000 buffers with 10 000 waiting at 100 000 members).

-- Membership applications and travel orders count while pending (the menu badges' condition).
CREATE OR REPLACE FUNCTION stats_req_sub_moves(ids integer[]) RETURNS TABLE (source_id integer, moves jsonb)
LANGUAGE sql STABLE AS $$
  SELECT s.id, stats_request_moves(s.kind, s.created_at, s.validated_at, s.rejected_at)
               || CASE WHEN s.state = 'pending'
                       THEN jsonb_build_array(jsonb_build_object('metric', 'requests-waiting', 'dim', s.kind,
                                                                 'day', (s.created_at AT TIME ZONE 'Europe/Oslo')::date, 'delta', 1))
                       ELSE '[]'::jsonb END
    FROM subscriptions s
    JOIN accounts a ON a.id = s.member_id AND a.role_id IN (1, 2)
   WHERE s.id = ANY (ids) AND s.kind IN ('membership', 'travel') AND s.deleted_at IS NULL
     AND s.validated_at IS DISTINCT FROM s.created_at
     -- The membership queue shows the applications of finished registrations only.
     AND (s.kind = 'travel' OR a.registration_completed = 1)
$$;

-- A change of state alone (an order cancelled before it was decided) ends a wait too.
CREATE OR REPLACE FUNCTION stats_req_after_subscriptions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM stats_refresh('req-sub', ARRAY(SELECT id FROM new_rows WHERE kind IN ('membership', 'travel')));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM stats_refresh('req-sub', ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.kind IN ('membership', 'travel') OR o.kind IN ('membership', 'travel'))
         AND (n.member_id, n.kind, n.state, n.created_at, n.validated_at, n.rejected_at, n.deleted_at IS NULL)
             IS DISTINCT FROM (o.member_id, o.kind, o.state, o.created_at, o.validated_at, o.rejected_at, o.deleted_at IS NULL)));
  ELSE
    PERFORM stats_refresh('req-sub', ARRAY(SELECT id FROM old_rows WHERE kind IN ('membership', 'travel')));
  END IF;
  RETURN NULL;
END
$$;

-- Instruments wait per member, as the badge counts them, since the member's oldest waiting
-- instrument: the list counters' share of each account already holds both (migration 017).
CREATE FUNCTION stats_req_waiting_instrument_moves(ids integer[]) RETURNS TABLE (source_id integer, moves jsonb)
LANGUAGE sql STABLE AS $$
  SELECT p.account_id,
         jsonb_build_array(jsonb_build_object('metric', 'requests-waiting', 'dim', 'instrument',
                                              'day', (p.instruments_requested_at AT TIME ZONE 'Europe/Oslo')::date, 'delta', 1))
    FROM list_count_shares p
    JOIN accounts a ON a.id = p.account_id AND a.role_id IN (1, 2)
   WHERE p.account_id = ANY (ids) AND p.waiting_instruments > 0 AND p.instruments_requested_at IS NOT NULL
$$;

CREATE FUNCTION stats_req_after_list_count_shares() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM stats_refresh('req-waiting-instrument', ARRAY(SELECT account_id FROM new_rows WHERE waiting_instruments > 0));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM stats_refresh('req-waiting-instrument', ARRAY(
      SELECT n.account_id FROM new_rows n JOIN old_rows o ON o.account_id = n.account_id
       WHERE (n.waiting_instruments > 0, n.instruments_requested_at) IS DISTINCT FROM (o.waiting_instruments > 0, o.instruments_requested_at)));
  ELSE
    PERFORM stats_refresh('req-waiting-instrument', ARRAY(SELECT account_id FROM old_rows WHERE waiting_instruments > 0));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER stats_req_waiting_insert AFTER INSERT ON list_count_shares
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_req_after_list_count_shares();
CREATE TRIGGER stats_req_waiting_update AFTER UPDATE ON list_count_shares
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_req_after_list_count_shares();
CREATE TRIGGER stats_req_waiting_delete AFTER DELETE ON list_count_shares
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_req_after_list_count_shares();

-- An account's role decides whether its waiting instruments count (its share row may not change).
CREATE OR REPLACE FUNCTION stats_req_after_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stats_refresh('req-sub', ARRAY(
    SELECT s.id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN subscriptions s ON s.member_id = n.id
     WHERE (n.role_id, n.registration_completed) IS DISTINCT FROM (o.role_id, o.registration_completed)
       AND s.kind IN ('membership', 'travel')));
  PERFORM stats_refresh('req-instrument', ARRAY(
    SELECT i.id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN instruments i ON i.member_id = n.id
     WHERE n.role_id IS DISTINCT FROM o.role_id));
  PERFORM stats_refresh('req-waiting-instrument', ARRAY(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.role_id IS DISTINCT FROM o.role_id));
  RETURN NULL;
END
$$;

-- The waits of the rows already there.
SELECT stats_refresh('req-sub', ARRAY(SELECT id FROM subscriptions WHERE kind IN ('membership', 'travel') AND state = 'pending'));
SELECT stats_refresh('req-waiting-instrument', ARRAY(SELECT account_id FROM list_count_shares WHERE waiting_instruments > 0));

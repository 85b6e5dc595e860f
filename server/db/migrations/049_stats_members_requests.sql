-- 'Nøkkeltall' → members and requests: each account's and each request's share of the day
-- counters of migration 048, recomputed by triggers in the transaction of every change.
--
-- Members (source 'mem-account', one share per account with role 2):
--   members-joins    ''                           +1 on the first day of each membership period
--   members-leaves   resigned | lapsed | erased   +1 on the day a period ends (not counted at its end)
--   members-now-birth-year / -instrument / -consent: the "now" figures by birth year, primary
--     instrument and newsletter consent. A period still running when the share is computed adds
--     +1 on 2000-01-01 (or on its start, if that is later than today) and -1 on its end day (if it
--     has one), so the sum of the days up to today is today's members whichever day the share was
--     computed, in a handful of rows per dimension.
-- Requests (sources 'req-sub', a membership or travel subscription, and 'req-instrument'):
--   requests-received  kind                    +1 on the day it came in
--   requests-accepted / requests-rejected  'kind:wait days'  +1 on the day of the decision, so
--     the median and 90th percentile of any period are exact from the counters.

-- A membership period is the union of an account's accepted memberships (kind 'membership', not
-- pending or rejected, not deleted), days [start, stop): periods that overlap or touch are merged.
CREATE FUNCTION stats_member_periods(ids integer[])
RETURNS TABLE (member_id integer, start date, stop date)
LANGUAGE sql STABLE AS $$
  WITH subs AS (
    SELECT s.member_id,
           coalesce(s.subscription_start, (s.validated_at AT TIME ZONE 'Europe/Oslo')::date,
                    (s.created_at AT TIME ZONE 'Europe/Oslo')::date) AS start,
           CASE WHEN s.state = 'active' THEN s.subscription_end
                -- Ended or cancelled: its end day, else the cancellation's day, else (no day kept) its start.
                ELSE coalesce(s.subscription_end, (s.cancelled_at AT TIME ZONE 'Europe/Oslo')::date, s.subscription_start,
                              (s.validated_at AT TIME ZONE 'Europe/Oslo')::date, (s.created_at AT TIME ZONE 'Europe/Oslo')::date) END AS stop
      FROM subscriptions s
      JOIN accounts a ON a.id = s.member_id AND a.role_id = 2
     WHERE s.member_id = ANY (ids) AND s.kind = 'membership' AND s.deleted_at IS NULL
       AND (s.state IN ('active', 'ended')
            OR (s.state = 'cancelled' AND (s.validated_at IS NOT NULL OR s.subscription_start IS NOT NULL)))
  ), clean AS (
    SELECT subs.member_id, subs.start, CASE WHEN subs.stop < subs.start THEN subs.start ELSE subs.stop END AS stop FROM subs
  ), reach AS (
    SELECT c.*, max(coalesce(c.stop, 'infinity'::date)) OVER (
             PARTITION BY c.member_id ORDER BY c.start, c.stop NULLS LAST
             ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS reached
      FROM clean c
  ), islands AS (
    SELECT r.*, sum(CASE WHEN r.reached IS NULL OR r.start > r.reached THEN 1 ELSE 0 END) OVER (
             PARTITION BY r.member_id ORDER BY r.start, r.stop NULLS LAST ROWS UNBOUNDED PRECEDING) AS island
      FROM reach r
  )
  SELECT i.member_id, min(i.start), CASE WHEN bool_or(i.stop IS NULL) THEN NULL ELSE max(i.stop) END
    FROM islands i
   GROUP BY i.member_id, i.island
$$;

CREATE FUNCTION stats_mem_account_moves(ids integer[]) RETURNS TABLE (source_id integer, moves jsonb)
LANGUAGE sql STABLE AS $$
  WITH today AS (
    SELECT (now() AT TIME ZONE 'Europe/Oslo')::date AS day
  ), periods AS (
    SELECT p.member_id, p.start, p.stop,
           CASE
             WHEN p.stop IS NULL THEN NULL
             -- Ended by a lapse for non-payment: an invoice of theirs lapsed that day (reminders.ts).
             WHEN EXISTS (SELECT 1 FROM invoices i JOIN invoice_events e ON e.invoice_id = i.id
                           WHERE i.member_id = p.member_id AND e.to_state = 'lapsed'
                             AND (e.at AT TIME ZONE 'Europe/Oslo')::date = p.stop) THEN 'lapsed'
             WHEN (a.erased_at AT TIME ZONE 'Europe/Oslo')::date = p.stop THEN 'erased'
             ELSE 'resigned'
           END AS reason,
           a.birthdate, a.primary_instrument_type, a.newsletter_2, a.newsletter_3
      FROM stats_member_periods(ids) p
      JOIN accounts a ON a.id = p.member_id
  ), now_dims AS (
    SELECT 'members-now-birth-year' AS metric, coalesce(extract(year FROM p.birthdate)::int::text, '') AS dim, p.*
      FROM periods p
    UNION ALL
    SELECT 'members-now-instrument', p.primary_instrument_type::text, p.* FROM periods p
    UNION ALL
    SELECT 'members-now-consent', 'newsletter_2', p.* FROM periods p WHERE p.newsletter_2
    UNION ALL
    SELECT 'members-now-consent', 'newsletter_3', p.* FROM periods p WHERE p.newsletter_3
  ), moves AS (
    SELECT p.member_id, 'members-joins' AS metric, '' AS dim, p.start AS day, 1 AS delta FROM periods p
    UNION ALL
    SELECT p.member_id, 'members-leaves', p.reason, p.stop, 1 FROM periods p WHERE p.stop IS NOT NULL
    UNION ALL
    SELECT n.member_id, n.metric, n.dim, CASE WHEN n.start > t.day THEN n.start ELSE DATE '2000-01-01' END, 1
      FROM now_dims n, today t WHERE n.stop IS NULL OR n.stop > t.day
    UNION ALL
    SELECT n.member_id, n.metric, n.dim, n.stop, -1
      FROM now_dims n, today t WHERE n.stop > t.day
  )
  SELECT m.member_id, jsonb_agg(jsonb_build_object('metric', m.metric, 'dim', m.dim, 'day', m.day, 'delta', m.delta))
    FROM moves m
   GROUP BY m.member_id
$$;

CREATE FUNCTION stats_mem_after_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM stats_refresh('mem-account', ARRAY(SELECT id FROM new_rows WHERE role_id = 2));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM stats_refresh('mem-account', ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.role_id = 2 OR o.role_id = 2)
         AND (n.role_id, n.erased_at, n.birthdate, n.primary_instrument_type, n.newsletter_2, n.newsletter_3)
             IS DISTINCT FROM (o.role_id, o.erased_at, o.birthdate, o.primary_instrument_type, o.newsletter_2, o.newsletter_3)));
  ELSE
    PERFORM stats_refresh('mem-account', ARRAY(SELECT id FROM old_rows WHERE role_id = 2));
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION stats_mem_after_subscriptions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM stats_refresh('mem-account', ARRAY(SELECT DISTINCT member_id FROM new_rows WHERE kind = 'membership'));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM stats_refresh('mem-account', ARRAY(
      SELECT DISTINCT unnest(ARRAY[o.member_id, n.member_id]) FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.kind = 'membership' OR o.kind = 'membership')
         AND (n.member_id, n.kind, n.state, n.subscription_start, n.subscription_end, n.validated_at, n.cancelled_at,
              n.created_at, n.deleted_at IS NULL)
             IS DISTINCT FROM
             (o.member_id, o.kind, o.state, o.subscription_start, o.subscription_end, o.validated_at, o.cancelled_at,
              o.created_at, o.deleted_at IS NULL)));
  ELSE
    PERFORM stats_refresh('mem-account', ARRAY(SELECT DISTINCT member_id FROM old_rows WHERE kind = 'membership'));
  END IF;
  RETURN NULL;
END
$$;

-- A lapse writes its invoice event before it ends the membership; refreshed on the event too, so
-- the reason never depends on the order of the writes.
CREATE FUNCTION stats_mem_after_invoice_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stats_refresh('mem-account', ARRAY(
    SELECT DISTINCT i.member_id FROM new_rows e JOIN invoices i ON i.id = e.invoice_id WHERE e.to_state = 'lapsed'));
  RETURN NULL;
END
$$;

CREATE TRIGGER stats_mem_insert AFTER INSERT ON accounts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_mem_after_accounts();
CREATE TRIGGER stats_mem_update AFTER UPDATE ON accounts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_mem_after_accounts();
CREATE TRIGGER stats_mem_delete AFTER DELETE ON accounts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_mem_after_accounts();
CREATE TRIGGER stats_mem_insert AFTER INSERT ON subscriptions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_mem_after_subscriptions();
CREATE TRIGGER stats_mem_update AFTER UPDATE ON subscriptions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_mem_after_subscriptions();
CREATE TRIGGER stats_mem_delete AFTER DELETE ON subscriptions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_mem_after_subscriptions();
CREATE TRIGGER stats_mem_insert AFTER INSERT ON invoice_events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_mem_after_invoice_events();

-- Requests. A row is one request, received the day it was created and decided by its latest
-- decision (a late accept clears a rejection; a rejected change of a cover keeps the accept
-- before it but is decided later). A row staff created already accepted (validated in the same
-- transaction as it was created: an import, a member or cover made by staff) was never a request.
CREATE FUNCTION stats_request_moves(kind text, created_at timestamptz, validated_at timestamptz, rejected_at timestamptz)
RETURNS jsonb LANGUAGE sql STABLE AS $$
  WITH d AS (
    SELECT (created_at AT TIME ZONE 'Europe/Oslo')::date AS received,
           CASE WHEN rejected_at IS NOT NULL AND (validated_at IS NULL OR rejected_at > validated_at)
                THEN 'requests-rejected' WHEN validated_at IS NOT NULL THEN 'requests-accepted' END AS outcome,
           (greatest(coalesce(rejected_at, validated_at), coalesce(validated_at, rejected_at)) AT TIME ZONE 'Europe/Oslo')::date AS decided
  )
  SELECT jsonb_build_array(jsonb_build_object('metric', 'requests-received', 'dim', kind, 'day', d.received, 'delta', 1))
         || CASE WHEN d.outcome IS NULL THEN '[]'::jsonb
                 ELSE jsonb_build_array(jsonb_build_object('metric', d.outcome, 'dim', kind || ':' || greatest(d.decided - d.received, 0),
                                                           'day', d.decided, 'delta', 1)) END
    FROM d
$$;

CREATE FUNCTION stats_req_sub_moves(ids integer[]) RETURNS TABLE (source_id integer, moves jsonb)
LANGUAGE sql STABLE AS $$
  SELECT s.id, stats_request_moves(s.kind, s.created_at, s.validated_at, s.rejected_at)
    FROM subscriptions s
    JOIN accounts a ON a.id = s.member_id AND a.role_id IN (1, 2)
   WHERE s.id = ANY (ids) AND s.kind IN ('membership', 'travel') AND s.deleted_at IS NULL
     AND s.validated_at IS DISTINCT FROM s.created_at
     -- The membership queue shows the applications of finished registrations only.
     AND (s.kind = 'travel' OR a.registration_completed = 1)
$$;

CREATE FUNCTION stats_req_instrument_moves(ids integer[]) RETURNS TABLE (source_id integer, moves jsonb)
LANGUAGE sql STABLE AS $$
  SELECT i.id, stats_request_moves('instrument', i.created_at, i.validated_at, i.rejected_at)
    FROM instruments i
    JOIN accounts a ON a.id = i.member_id AND a.role_id IN (1, 2)
   WHERE i.id = ANY (ids) AND i.validated_at IS DISTINCT FROM i.created_at
$$;

CREATE FUNCTION stats_req_after_subscriptions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM stats_refresh('req-sub', ARRAY(SELECT id FROM new_rows WHERE kind IN ('membership', 'travel')));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM stats_refresh('req-sub', ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.kind IN ('membership', 'travel') OR o.kind IN ('membership', 'travel'))
         AND (n.member_id, n.kind, n.created_at, n.validated_at, n.rejected_at, n.deleted_at IS NULL)
             IS DISTINCT FROM (o.member_id, o.kind, o.created_at, o.validated_at, o.rejected_at, o.deleted_at IS NULL)));
  ELSE
    PERFORM stats_refresh('req-sub', ARRAY(SELECT id FROM old_rows WHERE kind IN ('membership', 'travel')));
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION stats_req_after_instruments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM stats_refresh('req-instrument', ARRAY(SELECT id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM stats_refresh('req-instrument', ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.member_id, n.created_at, n.validated_at, n.rejected_at)
             IS DISTINCT FROM (o.member_id, o.created_at, o.validated_at, o.rejected_at)));
  ELSE
    PERFORM stats_refresh('req-instrument', ARRAY(SELECT id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;

-- An account's role or finished registration decides whether its rows are requests at all.
CREATE FUNCTION stats_req_after_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stats_refresh('req-sub', ARRAY(
    SELECT s.id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN subscriptions s ON s.member_id = n.id
     WHERE (n.role_id, n.registration_completed) IS DISTINCT FROM (o.role_id, o.registration_completed)
       AND s.kind IN ('membership', 'travel')));
  PERFORM stats_refresh('req-instrument', ARRAY(
    SELECT i.id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN instruments i ON i.member_id = n.id
     WHERE n.role_id IS DISTINCT FROM o.role_id));
  RETURN NULL;
END
$$;

CREATE TRIGGER stats_req_insert AFTER INSERT ON subscriptions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_req_after_subscriptions();
CREATE TRIGGER stats_req_update AFTER UPDATE ON subscriptions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_req_after_subscriptions();
CREATE TRIGGER stats_req_delete AFTER DELETE ON subscriptions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_req_after_subscriptions();
CREATE TRIGGER stats_req_insert AFTER INSERT ON instruments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_req_after_instruments();
CREATE TRIGGER stats_req_update AFTER UPDATE ON instruments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_req_after_instruments();
CREATE TRIGGER stats_req_delete AFTER DELETE ON instruments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_req_after_instruments();
CREATE TRIGGER stats_req_update AFTER UPDATE ON accounts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_req_after_accounts();

-- The shares of the rows already there (a new database has none; an existing one is rebuilt here).
SELECT stats_refresh('mem-account', ARRAY(SELECT id FROM accounts WHERE role_id = 2));
SELECT stats_refresh('req-sub', ARRAY(SELECT id FROM subscriptions WHERE kind IN ('membership', 'travel')));
SELECT stats_refresh('req-instrument', ARRAY(SELECT id FROM instruments));

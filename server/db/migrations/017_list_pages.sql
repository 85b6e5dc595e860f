-- Every list at the cost of its page (issue 24): the counters of migration 011 also keep the
-- declined list's total and each member's oldest waiting instrument (so the instrument queue
-- pages through an index instead of grouping every waiting instrument); the message log's total
-- is kept as a counter plus small deltas; campaign codes count their members by index; and the
-- message log marks the bodies that were sanitised when they were written.

-- 1. The declined list and the instrument queue's order, as shares of each account. An erased
-- member leaves the overview (MEMBERS_FROM) and so leaves its counter too.
ALTER TABLE list_count_shares
  ADD COLUMN declined_memberships integer NOT NULL DEFAULT 0,
  ADD COLUMN instruments_requested_at timestamptz;

-- The instrument queue in its default order: members with a waiting instrument, oldest request first.
CREATE INDEX list_count_shares_waiting_instruments ON list_count_shares (instruments_requested_at, account_id)
  WHERE waiting_instruments > 0;

DROP FUNCTION list_count_fresh_shares(integer[]);
CREATE FUNCTION list_count_fresh_shares(ids integer[])
RETURNS TABLE (account_id integer, members integer, pending_memberships integer, pending_travel integer,
               waiting_instruments integer, declined_memberships integer, instruments_requested_at timestamptz)
LANGUAGE sql STABLE AS $$
  SELECT a.id, CASE WHEN a.erased_at IS NULL THEN 1 ELSE 0 END,
         CASE WHEN a.registration_completed = 1 THEN
           (SELECT count(*)::int FROM subscriptions s
             WHERE s.member_id = a.id AND s.kind = 'membership' AND s.state = 'pending' AND s.deleted_at IS NULL)
         ELSE 0 END,
         (SELECT count(*)::int FROM subscriptions s
           WHERE s.member_id = a.id AND s.kind = 'travel' AND s.state = 'pending' AND s.deleted_at IS NULL),
         w.n,
         CASE WHEN a.erased_at IS NULL THEN
           (SELECT count(*)::int FROM subscriptions s
             WHERE s.member_id = a.id AND s.kind = 'membership' AND s.state = 'rejected' AND s.deleted_at IS NULL)
         ELSE 0 END,
         w.first_at
    FROM accounts a
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS n, min(i.created_at) AS first_at FROM instruments i
       WHERE i.member_id = a.id AND i.deleted_at IS NULL
         AND (i.state = 'requested' OR (i.state = 'active' AND i.requested_change IS NOT NULL))) w
   WHERE a.id = ANY (ids) AND a.role_id IN (1, 2)
$$;

CREATE OR REPLACE FUNCTION refresh_list_counts(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  moved record;
BEGIN
  IF cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  -- The accounts' share rows are locked in id order (so two writers never wait on each other in
  -- a circle); each statement after the lock sees what an earlier writer committed.
  INSERT INTO list_count_shares (account_id)
  SELECT DISTINCT id FROM unnest(ids) AS id ORDER BY 1 ON CONFLICT DO NOTHING;
  PERFORM 1 FROM list_count_shares WHERE account_id = ANY (ids) ORDER BY account_id FOR UPDATE;

  WITH fresh AS (
    SELECT c.account_id,
           c.members AS old_members, coalesce(f.members, 0) AS members,
           c.pending_memberships AS old_memberships, coalesce(f.pending_memberships, 0) AS memberships,
           c.pending_travel AS old_travel, coalesce(f.pending_travel, 0) AS travel,
           c.waiting_instruments AS old_instruments, coalesce(f.waiting_instruments, 0) AS instruments,
           c.declined_memberships AS old_declined, coalesce(f.declined_memberships, 0) AS declined,
           c.instruments_requested_at AS old_requested_at, f.instruments_requested_at AS requested_at
      FROM list_count_shares c
      LEFT JOIN list_count_fresh_shares(ids) f ON f.account_id = c.account_id
     WHERE c.account_id = ANY (ids)
  ), saved AS (
    UPDATE list_count_shares c
       SET members = f.members, pending_memberships = f.memberships, pending_travel = f.travel,
           waiting_instruments = f.instruments, declined_memberships = f.declined,
           instruments_requested_at = f.requested_at
      FROM fresh f
     WHERE c.account_id = f.account_id
       AND (f.old_members, f.old_memberships, f.old_travel, f.old_instruments, f.old_declined, f.old_requested_at)
           IS DISTINCT FROM (f.members, f.memberships, f.travel, f.instruments, f.declined, f.requested_at)
  )
  SELECT coalesce(sum(members - old_members), 0) AS members,
         coalesce(sum(memberships - old_memberships), 0) AS memberships,
         coalesce(sum(travel - old_travel), 0) AS travel,
         coalesce(sum((instruments > 0)::int - (old_instruments > 0)::int), 0) AS instruments,
         coalesce(sum(declined - old_declined), 0) AS declined
    INTO moved
    FROM fresh;

  -- Always in this order, and only a counter that moved, so most changes lock one row at most.
  IF moved.members <> 0 THEN
    UPDATE list_counts SET total = total + moved.members WHERE list = 'members';
  END IF;
  IF moved.memberships <> 0 THEN
    UPDATE list_counts SET total = total + moved.memberships WHERE list = 'pending-memberships';
  END IF;
  IF moved.travel <> 0 THEN
    UPDATE list_counts SET total = total + moved.travel WHERE list = 'pending-travel';
  END IF;
  IF moved.instruments <> 0 THEN
    UPDATE list_counts SET total = total + moved.instruments WHERE list = 'pending-instruments';
  END IF;
  IF moved.declined <> 0 THEN
    UPDATE list_counts SET total = total + moved.declined WHERE list = 'declined-memberships';
  END IF;
END
$$;

-- 2. The logs' totals (messages, instrument and travel-insurance versions): every insert or delete
-- adds a delta row (no lock on a shared row, so a mail sent inside any transaction never waits on
-- another); the hourly clean-up folds the deltas into list_counts. A total is the counter plus its deltas.
CREATE TABLE list_count_deltas (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  list text NOT NULL,
  n bigint NOT NULL
);
CREATE INDEX list_count_deltas_list ON list_count_deltas (list);

CREATE OR REPLACE FUNCTION recount_list_counts() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM list_count_shares;
  INSERT INTO list_count_shares (account_id, members, pending_memberships, pending_travel, waiting_instruments,
                                 declined_memberships, instruments_requested_at)
  SELECT * FROM list_count_fresh_shares(ARRAY(SELECT id FROM accounts WHERE role_id IN (1, 2)));
  DELETE FROM list_counts
   WHERE list IN ('members', 'pending-memberships', 'pending-travel', 'pending-instruments', 'declined-memberships');
  INSERT INTO list_counts (list, total)
  SELECT 'members', count(*) FILTER (WHERE members > 0) FROM list_count_shares
  UNION ALL SELECT 'pending-memberships', coalesce(sum(pending_memberships), 0) FROM list_count_shares
  UNION ALL SELECT 'pending-travel', coalesce(sum(pending_travel), 0) FROM list_count_shares
  UNION ALL SELECT 'pending-instruments', count(*) FILTER (WHERE waiting_instruments > 0) FROM list_count_shares
  UNION ALL SELECT 'declined-memberships', coalesce(sum(declined_memberships), 0) FROM list_count_shares;
END
$$;

-- The logs' totals from their rows as they are: 'messages', 'instrument-log' and 'travel-log' (the
-- iterations of travel products 1 and 2, TRAVEL_PRODUCT_IDS in server/domain/subscriptions.ts).
CREATE FUNCTION recount_log_counts() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM list_count_deltas WHERE list IN ('messages', 'instrument-log', 'travel-log');
  DELETE FROM list_counts WHERE list IN ('messages', 'instrument-log', 'travel-log');
  INSERT INTO list_counts (list, total)
  SELECT 'messages', count(*) FROM message_log
  UNION ALL SELECT 'instrument-log', count(*) FROM instrument_iterations
  UNION ALL SELECT 'travel-log', count(*) FROM subscription_iterations it JOIN subscriptions s ON s.id = it.subscription_id
                                  WHERE s.product_id IN (1, 2);
END
$$;

CREATE FUNCTION list_counts_after_message_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_count_deltas (list, n) SELECT 'messages', count(*) FROM new_rows HAVING count(*) > 0;
  ELSE
    INSERT INTO list_count_deltas (list, n) SELECT 'messages', -count(*) FROM old_rows HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION list_counts_after_instrument_iterations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_count_deltas (list, n) SELECT 'instrument-log', count(*) FROM new_rows HAVING count(*) > 0;
  ELSE
    INSERT INTO list_count_deltas (list, n) SELECT 'instrument-log', -count(*) FROM old_rows HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;

-- A version removed with its subscription (ON DELETE CASCADE) no longer finds the subscription:
-- its own snapshot then names the product.
CREATE FUNCTION list_counts_after_subscription_iterations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_count_deltas (list, n)
    SELECT 'travel-log', count(*) FROM new_rows n JOIN subscriptions s ON s.id = n.subscription_id
     WHERE s.product_id IN (1, 2) HAVING count(*) > 0;
  ELSE
    INSERT INTO list_count_deltas (list, n)
    SELECT 'travel-log', -count(*) FROM old_rows o LEFT JOIN subscriptions s ON s.id = o.subscription_id
     WHERE coalesce(s.product_id, (o.snapshot ->> 'product_id')::int) IN (1, 2) HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION log_counts_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM recount_log_counts();
  RETURN NULL;
END
$$;

CREATE TRIGGER list_counts_insert AFTER INSERT ON message_log
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_after_message_log();
CREATE TRIGGER list_counts_delete AFTER DELETE ON message_log
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_after_message_log();
CREATE TRIGGER list_counts_insert AFTER INSERT ON instrument_iterations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_after_instrument_iterations();
CREATE TRIGGER list_counts_delete AFTER DELETE ON instrument_iterations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_after_instrument_iterations();
CREATE TRIGGER list_counts_insert AFTER INSERT ON subscription_iterations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_after_subscription_iterations();
CREATE TRIGGER list_counts_delete AFTER DELETE ON subscription_iterations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_after_subscription_iterations();
CREATE TRIGGER list_counts_truncate AFTER TRUNCATE ON message_log
  FOR EACH STATEMENT EXECUTE FUNCTION log_counts_after_truncate();
CREATE TRIGGER list_counts_truncate AFTER TRUNCATE ON instrument_iterations
  FOR EACH STATEMENT EXECUTE FUNCTION log_counts_after_truncate();
CREATE TRIGGER list_counts_truncate AFTER TRUNCATE ON subscription_iterations
  FOR EACH STATEMENT EXECUTE FUNCTION log_counts_after_truncate();

-- The accounts' trigger also follows erasure (the overview and the declined list leave erased people out).
CREATE OR REPLACE FUNCTION list_counts_after_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_list_counts(ARRAY(SELECT id FROM new_rows WHERE role_id IN (1, 2)));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM refresh_list_counts(ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.role_id, n.registration_completed, n.erased_at IS NULL)
             IS DISTINCT FROM (o.role_id, o.registration_completed, o.erased_at IS NULL)));
  ELSE
    PERFORM refresh_list_counts(ARRAY(SELECT id FROM old_rows WHERE role_id IN (1, 2)));
  END IF;
  RETURN NULL;
END
$$;

-- A rejected membership written as such (an import, a restore) moves the declined counter too.
CREATE OR REPLACE FUNCTION list_counts_after_subscriptions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_list_counts(ARRAY(
      SELECT member_id FROM new_rows
       WHERE deleted_at IS NULL
         AND ((kind IN ('membership', 'travel') AND state = 'pending') OR (kind = 'membership' AND state = 'rejected'))));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM refresh_list_counts(ARRAY(
      SELECT unnest(ARRAY[o.member_id, n.member_id]) FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.member_id, n.kind, n.state, n.deleted_at IS NULL)
             IS DISTINCT FROM (o.member_id, o.kind, o.state, o.deleted_at IS NULL)));
  ELSE
    PERFORM refresh_list_counts(ARRAY(
      SELECT member_id FROM old_rows
       WHERE deleted_at IS NULL
         AND ((kind IN ('membership', 'travel') AND state = 'pending') OR (kind = 'membership' AND state = 'rejected'))));
  END IF;
  RETURN NULL;
END
$$;

SELECT recount_list_counts();
SELECT recount_log_counts();

-- 3. The campaign list counts each code's members by index.
CREATE INDEX accounts_campaign ON accounts (campaign_id) WHERE campaign_id IS NOT NULL;

-- 4. Bodies sanitised on the way in carry the mark; older rows (and rows written by anything
-- that does not vouch for its HTML) are still sanitised when read.
ALTER TABLE message_log ADD COLUMN content_sanitised boolean NOT NULL DEFAULT false;

-- The unfiltered totals of the member overview and the three request queues, kept exact by
-- triggers inside the transaction of every change, so a page of a list never counts the table.
-- The conditions here are those of MEMBERS_FROM and the queues' `from` in server/domain.

-- One row per list: 'members', 'pending-memberships', 'pending-travel', 'pending-instruments'.
CREATE TABLE list_counts (
  list text PRIMARY KEY,
  total bigint NOT NULL
);

-- Each account's share of the counters. A change recomputes the shares of the accounts it
-- touched (a handful of indexed rows each) and moves the counters by the difference, so the
-- result does not depend on which table changed first (a cascade from accounts, a moved row).
CREATE TABLE list_count_shares (
  account_id integer PRIMARY KEY,
  members integer NOT NULL DEFAULT 0,
  pending_memberships integer NOT NULL DEFAULT 0,
  pending_travel integer NOT NULL DEFAULT 0,
  -- The member's waiting instruments; the queue counts members with at least one.
  waiting_instruments integer NOT NULL DEFAULT 0
);

-- The shares as the rows now are; an account that is not a member (or no longer exists) has none.
CREATE FUNCTION list_count_fresh_shares(ids integer[])
RETURNS TABLE (account_id integer, members integer, pending_memberships integer, pending_travel integer,
               waiting_instruments integer)
LANGUAGE sql STABLE AS $$
  SELECT a.id, 1,
         CASE WHEN a.registration_completed = 1 THEN
           (SELECT count(*)::int FROM subscriptions s
             WHERE s.member_id = a.id AND s.kind = 'membership' AND s.state = 'pending' AND s.deleted_at IS NULL)
         ELSE 0 END,
         (SELECT count(*)::int FROM subscriptions s
           WHERE s.member_id = a.id AND s.kind = 'travel' AND s.state = 'pending' AND s.deleted_at IS NULL),
         (SELECT count(*)::int FROM instruments i
           WHERE i.member_id = a.id AND i.deleted_at IS NULL
             AND (i.state = 'requested' OR (i.state = 'active' AND i.requested_change IS NOT NULL)))
    FROM accounts a
   WHERE a.id = ANY (ids) AND a.role_id IN (1, 2)
$$;

CREATE FUNCTION refresh_list_counts(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
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
           c.waiting_instruments AS old_instruments, coalesce(f.waiting_instruments, 0) AS instruments
      FROM list_count_shares c
      LEFT JOIN list_count_fresh_shares(ids) f ON f.account_id = c.account_id
     WHERE c.account_id = ANY (ids)
  ), saved AS (
    UPDATE list_count_shares c
       SET members = f.members, pending_memberships = f.memberships, pending_travel = f.travel,
           waiting_instruments = f.instruments
      FROM fresh f
     WHERE c.account_id = f.account_id
       AND (f.old_members, f.old_memberships, f.old_travel, f.old_instruments)
           IS DISTINCT FROM (f.members, f.memberships, f.travel, f.instruments)
  )
  SELECT coalesce(sum(members - old_members), 0) AS members,
         coalesce(sum(memberships - old_memberships), 0) AS memberships,
         coalesce(sum(travel - old_travel), 0) AS travel,
         coalesce(sum((instruments > 0)::int - (old_instruments > 0)::int), 0) AS instruments
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
END
$$;

-- Every share and counter from the rows as they are: the migration's start, and after a TRUNCATE.
CREATE FUNCTION recount_list_counts() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM list_count_shares;
  INSERT INTO list_count_shares (account_id, members, pending_memberships, pending_travel, waiting_instruments)
  SELECT * FROM list_count_fresh_shares(ARRAY(SELECT id FROM accounts WHERE role_id IN (1, 2)));
  DELETE FROM list_counts;
  INSERT INTO list_counts (list, total)
  SELECT 'members', count(*) FILTER (WHERE members > 0) FROM list_count_shares
  UNION ALL SELECT 'pending-memberships', coalesce(sum(pending_memberships), 0) FROM list_count_shares
  UNION ALL SELECT 'pending-travel', coalesce(sum(pending_travel), 0) FROM list_count_shares
  UNION ALL SELECT 'pending-instruments', count(*) FILTER (WHERE waiting_instruments > 0) FROM list_count_shares;
END
$$;

CREATE FUNCTION list_counts_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM recount_list_counts();
  RETURN NULL;
END
$$;

-- Statement-level triggers with transition tables: a bulk insert refreshes its accounts once.
CREATE FUNCTION list_counts_after_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_list_counts(ARRAY(SELECT id FROM new_rows WHERE role_id IN (1, 2)));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM refresh_list_counts(ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.role_id, n.registration_completed) IS DISTINCT FROM (o.role_id, o.registration_completed)));
  ELSE
    PERFORM refresh_list_counts(ARRAY(SELECT id FROM old_rows WHERE role_id IN (1, 2)));
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION list_counts_after_subscriptions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_list_counts(ARRAY(
      SELECT member_id FROM new_rows
       WHERE kind IN ('membership', 'travel') AND state = 'pending' AND deleted_at IS NULL));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM refresh_list_counts(ARRAY(
      SELECT unnest(ARRAY[o.member_id, n.member_id]) FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.member_id, n.kind, n.state, n.deleted_at IS NULL)
             IS DISTINCT FROM (o.member_id, o.kind, o.state, o.deleted_at IS NULL)));
  ELSE
    PERFORM refresh_list_counts(ARRAY(
      SELECT member_id FROM old_rows
       WHERE kind IN ('membership', 'travel') AND state = 'pending' AND deleted_at IS NULL));
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION list_counts_after_instruments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_list_counts(ARRAY(
      SELECT member_id FROM new_rows
       WHERE deleted_at IS NULL AND (state = 'requested' OR requested_change IS NOT NULL)));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM refresh_list_counts(ARRAY(
      SELECT unnest(ARRAY[o.member_id, n.member_id]) FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.member_id, n.state, n.requested_change IS NULL, n.deleted_at IS NULL)
             IS DISTINCT FROM (o.member_id, o.state, o.requested_change IS NULL, o.deleted_at IS NULL)));
  ELSE
    PERFORM refresh_list_counts(ARRAY(
      SELECT member_id FROM old_rows
       WHERE deleted_at IS NULL AND (state = 'requested' OR requested_change IS NOT NULL)));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER list_counts_insert AFTER INSERT ON accounts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_after_accounts();
CREATE TRIGGER list_counts_update AFTER UPDATE ON accounts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_after_accounts();
CREATE TRIGGER list_counts_delete AFTER DELETE ON accounts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_after_accounts();

CREATE TRIGGER list_counts_insert AFTER INSERT ON subscriptions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_after_subscriptions();
CREATE TRIGGER list_counts_update AFTER UPDATE ON subscriptions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_after_subscriptions();
CREATE TRIGGER list_counts_delete AFTER DELETE ON subscriptions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_after_subscriptions();

CREATE TRIGGER list_counts_insert AFTER INSERT ON instruments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_after_instruments();
CREATE TRIGGER list_counts_update AFTER UPDATE ON instruments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_after_instruments();
CREATE TRIGGER list_counts_delete AFTER DELETE ON instruments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_after_instruments();

CREATE TRIGGER list_counts_truncate AFTER TRUNCATE ON accounts
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_after_truncate();
CREATE TRIGGER list_counts_truncate AFTER TRUNCATE ON subscriptions
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_after_truncate();
CREATE TRIGGER list_counts_truncate AFTER TRUNCATE ON instruments
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_after_truncate();

SELECT recount_list_counts();

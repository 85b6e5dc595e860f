-- 'Nøkkeltall': the counters of the insurance, campaigns and money sections (048's stats_counts),
-- each source row's share recomputed by stats_refresh from statement-level triggers. The
-- definitions are those of docs/DECISIONS.md ('## Nøkkeltall (issue 40)').

-- When step two of the registration was completed: a campaign sign-up counts in that month.
-- Kept from the first time registration_completed is 1 (a row saved again keeps it); back to 0
-- forgets it. Accounts completed before this column existed take their created_at.
ALTER TABLE accounts ADD COLUMN registration_completed_at timestamptz;
UPDATE accounts SET registration_completed_at = created_at WHERE registration_completed = 1;

CREATE FUNCTION accounts_registration_completed_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.registration_completed = 1 THEN
    NEW.registration_completed_at := coalesce(NEW.registration_completed_at, now());
  ELSE
    NEW.registration_completed_at := NULL;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER accounts_registration_completed_at BEFORE INSERT OR UPDATE OF registration_completed, registration_completed_at
  ON accounts FOR EACH ROW EXECUTE FUNCTION accounts_registration_completed_at();

-- When a quick checkout made its member (state AUTHORIZED or CAPTURED, the registration's
-- outcome 'member'): set once, the first time. Earlier rows take their updated_at.
ALTER TABLE vipps_registrations ADD COLUMN completed_at timestamptz;
UPDATE vipps_registrations SET completed_at = updated_at WHERE state IN ('AUTHORIZED', 'CAPTURED');

CREATE FUNCTION vipps_registrations_completed_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.state IN ('AUTHORIZED', 'CAPTURED') AND NEW.completed_at IS NULL THEN
    NEW.completed_at := now();
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER vipps_registrations_completed_at BEFORE INSERT OR UPDATE ON vipps_registrations
  FOR EACH ROW EXECUTE FUNCTION vipps_registrations_completed_at();

-- A read sums a metric's days: with the value beside the key, it reads the index alone.
CREATE INDEX stats_counts_values ON stats_counts (metric, day, dim) INCLUDE (value);

-- --- Insurance -------------------------------------------------------------------------------

-- A travel subscription: +1 the day its cover starts and -1 the day after it ends, per product
-- (an active one; the cover kept behind a pending change; an ended one up to its end), and
-- its acceptance and rejection on their days. A soft-deleted subscription counts nothing.
CREATE FUNCTION stats_ins_travel_moves(ids integer[]) RETURNS TABLE (source_id integer, moves jsonb)
LANGUAGE sql STABLE AS $$
  SELECT s.id, jsonb_agg(m)
    FROM subscriptions s
   CROSS JOIN LATERAL (
     SELECT CASE WHEN s.state = 'pending' THEN (s.accepted_cover->>'product_id')::int ELSE s.product_id END AS product_id,
            coalesce(CASE WHEN s.state = 'pending' THEN (s.accepted_cover->>'subscription_start')::date ELSE s.subscription_start END,
                     (s.created_at AT TIME ZONE 'Europe/Oslo')::date) AS first,
            CASE WHEN s.state = 'pending' THEN (s.accepted_cover->>'subscription_end')::date ELSE s.subscription_end END AS last,
            (s.state = 'active' OR (s.state = 'pending' AND s.accepted_cover IS NOT NULL)
              OR (s.state = 'ended' AND s.subscription_end IS NOT NULL)) AS covers
   ) c
   CROSS JOIN LATERAL (
     SELECT 'ins.travel' AS metric, c.product_id::text AS dim, c.first AS day, 1 AS delta
      WHERE c.covers AND (c.last IS NULL OR c.last >= c.first)
     UNION ALL
     SELECT 'ins.travel', c.product_id::text, c.last + 1, -1 WHERE c.covers AND c.last >= c.first
     UNION ALL
     SELECT 'ins.travel_accepted', '', (s.validated_at AT TIME ZONE 'Europe/Oslo')::date, 1 WHERE s.validated_at IS NOT NULL
     UNION ALL
     SELECT 'ins.travel_rejected', '', (s.rejected_at AT TIME ZONE 'Europe/Oslo')::date, 1 WHERE s.rejected_at IS NOT NULL
   ) m
   WHERE s.id = ANY (ids) AND s.kind = 'travel' AND s.deleted_at IS NULL
   GROUP BY s.id
$$;

-- An instrument: insured from insurance_start to insurance_end while active, and an ended one
-- (state 'deleted' with its stop date) keeps its past; its value (whole kroner, the register's
-- one current value) in øre over the same days; its acceptance and rejection on their days.
CREATE FUNCTION stats_ins_instrument_moves(ids integer[]) RETURNS TABLE (source_id integer, moves jsonb)
LANGUAGE sql STABLE AS $$
  SELECT i.id, jsonb_agg(m)
    FROM instruments i
   CROSS JOIN LATERAL (
     SELECT (i.state = 'active' OR (i.state = 'deleted' AND i.insurance_end IS NOT NULL)) AS covers
   ) c
   CROSS JOIN LATERAL (
     SELECT 'ins.instruments' AS metric, '' AS dim, i.insurance_start AS day, 1::bigint AS delta WHERE c.covers
     UNION ALL
     SELECT 'ins.instruments', '', i.insurance_end + 1, -1 WHERE c.covers AND i.insurance_end IS NOT NULL
     UNION ALL
     SELECT 'ins.value', '', i.insurance_start, i.value::bigint * 100 WHERE c.covers AND i.value > 0
     UNION ALL
     SELECT 'ins.value', '', i.insurance_end + 1, -i.value::bigint * 100 WHERE c.covers AND i.value > 0 AND i.insurance_end IS NOT NULL
     UNION ALL
     SELECT 'ins.instruments_accepted', '', (i.validated_at AT TIME ZONE 'Europe/Oslo')::date, 1 WHERE i.validated_at IS NOT NULL
     UNION ALL
     SELECT 'ins.instruments_rejected', '', (i.rejected_at AT TIME ZONE 'Europe/Oslo')::date, 1 WHERE i.rejected_at IS NOT NULL
   ) m
   WHERE i.id = ANY (ids)
   GROUP BY i.id
$$;

CREATE FUNCTION stats_ins_after_subscriptions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM stats_refresh('ins-travel', ARRAY(SELECT id FROM new_rows WHERE kind = 'travel'));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM stats_refresh('ins-travel', ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.kind = 'travel' OR o.kind = 'travel')
         AND (n.kind, n.state, n.product_id, n.subscription_start, n.subscription_end, n.accepted_cover::text, n.validated_at,
              n.rejected_at, n.deleted_at IS NULL)
             IS DISTINCT FROM (o.kind, o.state, o.product_id, o.subscription_start, o.subscription_end, o.accepted_cover::text,
              o.validated_at, o.rejected_at, o.deleted_at IS NULL)));
  ELSE
    PERFORM stats_refresh('ins-travel', ARRAY(SELECT id FROM old_rows WHERE kind = 'travel'));
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION stats_ins_after_instruments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM stats_refresh('ins-instrument', ARRAY(SELECT id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM stats_refresh('ins-instrument', ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.state, n.value, n.insurance_start, n.insurance_end, n.validated_at, n.rejected_at)
             IS DISTINCT FROM (o.state, o.value, o.insurance_start, o.insurance_end, o.validated_at, o.rejected_at)));
  ELSE
    PERFORM stats_refresh('ins-instrument', ARRAY(SELECT id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER stats_ins_insert AFTER INSERT ON subscriptions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_ins_after_subscriptions();
CREATE TRIGGER stats_ins_update AFTER UPDATE ON subscriptions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_ins_after_subscriptions();
CREATE TRIGGER stats_ins_delete AFTER DELETE ON subscriptions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_ins_after_subscriptions();

CREATE TRIGGER stats_ins_insert AFTER INSERT ON instruments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_ins_after_instruments();
CREATE TRIGGER stats_ins_update AFTER UPDATE ON instruments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_ins_after_instruments();
CREATE TRIGGER stats_ins_delete AFTER DELETE ON instruments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_ins_after_instruments();

-- --- Campaigns -------------------------------------------------------------------------------

-- A member or applicant whose registration is completed with a campaign code: one sign-up for
-- the campaign on the day step two was completed.
CREATE FUNCTION stats_camp_signup_moves(ids integer[]) RETURNS TABLE (source_id integer, moves jsonb)
LANGUAGE sql STABLE AS $$
  SELECT a.id, jsonb_build_array(jsonb_build_object(
           'metric', 'camp.signups', 'dim', a.campaign_id::text,
           'day', (a.registration_completed_at AT TIME ZONE 'Europe/Oslo')::date, 'delta', 1))
    FROM accounts a
   WHERE a.id = ANY (ids) AND a.role_id IN (1, 2) AND a.registration_completed = 1
     AND a.campaign_id IS NOT NULL AND a.registration_completed_at IS NOT NULL
$$;

-- A quick checkout: started the day it was created, completed the day it made its member.
CREATE FUNCTION stats_camp_checkout_moves(ids integer[]) RETURNS TABLE (source_id integer, moves jsonb)
LANGUAGE sql STABLE AS $$
  SELECT v.id, jsonb_agg(m)
    FROM vipps_registrations v
   CROSS JOIN LATERAL (
     SELECT 'camp.checkout_started' AS metric, '' AS dim, (v.created_at AT TIME ZONE 'Europe/Oslo')::date AS day, 1 AS delta
     UNION ALL
     SELECT 'camp.checkout_completed', '', (v.completed_at AT TIME ZONE 'Europe/Oslo')::date, 1 WHERE v.completed_at IS NOT NULL
   ) m
   WHERE v.id = ANY (ids)
   GROUP BY v.id
$$;

CREATE FUNCTION stats_camp_after_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM stats_refresh('camp-signup', ARRAY(SELECT id FROM new_rows WHERE campaign_id IS NOT NULL));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM stats_refresh('camp-signup', ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.campaign_id IS NOT NULL OR o.campaign_id IS NOT NULL)
         AND (n.role_id, n.registration_completed, n.campaign_id, n.registration_completed_at)
             IS DISTINCT FROM (o.role_id, o.registration_completed, o.campaign_id, o.registration_completed_at)));
  ELSE
    PERFORM stats_refresh('camp-signup', ARRAY(SELECT id FROM old_rows WHERE campaign_id IS NOT NULL));
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION stats_camp_after_checkouts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM stats_refresh('camp-checkout', ARRAY(SELECT id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM stats_refresh('camp-checkout', ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.created_at, n.completed_at) IS DISTINCT FROM (o.created_at, o.completed_at)));
  ELSE
    PERFORM stats_refresh('camp-checkout', ARRAY(SELECT id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER stats_camp_insert AFTER INSERT ON accounts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_camp_after_accounts();
CREATE TRIGGER stats_camp_update AFTER UPDATE ON accounts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_camp_after_accounts();
CREATE TRIGGER stats_camp_delete AFTER DELETE ON accounts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_camp_after_accounts();

CREATE TRIGGER stats_camp_insert AFTER INSERT ON vipps_registrations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_camp_after_checkouts();
CREATE TRIGGER stats_camp_update AFTER UPDATE ON vipps_registrations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_camp_after_checkouts();
CREATE TRIGGER stats_camp_delete AFTER DELETE ON vipps_registrations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_camp_after_checkouts();

-- --- Money -----------------------------------------------------------------------------------

-- The channel a payment came by: a Vipps charge of an agreement (source 'vipps-charge:…', as
-- server/domain/payments/vipps-agreements.ts books it), Vipps on Min side, or the way its invoice
-- was sent.
CREATE FUNCTION stats_payment_channel(method text, source text, invoice_channel text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN method = 'vipps' AND source LIKE 'vipps-charge:%' THEN 'vipps_agreement'
    WHEN method = 'vipps' THEN 'vipps'
    WHEN invoice_channel = 'EFAKTURA' THEN 'efaktura'
    WHEN invoice_channel = 'EMAIL' THEN 'email'
    ELSE 'avtalegiro' END
$$;

-- An invoice with its credits and payments: invoiced on its invoice date (not while a draft),
-- less each credit on its day; each payment on its paid_on day by channel (a reversal, a
-- negative amount, counts negative in the sum and as -1 payment).
CREATE FUNCTION stats_money_invoice_moves(ids integer[]) RETURNS TABLE (source_id integer, moves jsonb)
LANGUAGE sql STABLE AS $$
  SELECT i.id, jsonb_agg(m)
    FROM invoices i
   CROSS JOIN LATERAL (
     SELECT 'money.invoiced' AS metric, '' AS dim, i.invoice_date AS day, i.total_ore::bigint AS delta
      WHERE i.state <> 'draft' AND i.total_ore <> 0
     UNION ALL
     SELECT 'money.invoiced', '', (c.created_at AT TIME ZONE 'Europe/Oslo')::date, -sum(c.amount_ore)::bigint
       FROM invoice_credits c WHERE c.invoice_id = i.id AND i.state <> 'draft' GROUP BY 3
     UNION ALL
     SELECT 'money.paid', stats_payment_channel(p.method, p.source, i.channel), p.paid_on, sum(p.amount_ore)::bigint
       FROM invoice_payments p WHERE p.invoice_id = i.id GROUP BY 2, 3
     UNION ALL
     SELECT 'money.payments', stats_payment_channel(p.method, p.source, i.channel), p.paid_on, sum(sign(p.amount_ore))::bigint
       FROM invoice_payments p WHERE p.invoice_id = i.id GROUP BY 2, 3
     UNION ALL
     -- What is still owed, on its due date, so what is outstanding today by age (aging.ts's OPEN)
     -- is a sum over the due dates, however many invoices there are.
     SELECT 'money.outstanding', '', i.due_date, (i.total_ore - i.paid_ore - i.credited_ore)::bigint
      WHERE i.state <> 'credited' AND i.total_ore > i.paid_ore + i.credited_ore
     UNION ALL
     SELECT 'money.open', '', i.due_date, 1 WHERE i.state <> 'credited' AND i.total_ore > i.paid_ore + i.credited_ore
   ) m
   WHERE i.id = ANY (ids)
   GROUP BY i.id
$$;

CREATE FUNCTION stats_money_after_invoices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM stats_refresh('money-invoice', ARRAY(SELECT id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    -- Only what the figures read is looked at (a reminder's pause or the ledger's ids move nothing).
    PERFORM stats_refresh('money-invoice', ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.total_ore, n.paid_ore, n.credited_ore, n.invoice_date, n.due_date, n.channel, n.state = 'draft', n.state = 'credited')
             IS DISTINCT FROM (o.total_ore, o.paid_ore, o.credited_ore, o.invoice_date, o.due_date, o.channel, o.state = 'draft', o.state = 'credited')));
  ELSE
    PERFORM stats_refresh('money-invoice', ARRAY(SELECT id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;

-- Payments and credits move their invoice's share (both the old and the new invoice of a moved row).
CREATE FUNCTION stats_money_after_invoice_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM stats_refresh('money-invoice', ARRAY(SELECT DISTINCT invoice_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM stats_refresh('money-invoice', ARRAY(
      SELECT DISTINCT unnest(ARRAY[o.invoice_id, n.invoice_id]) FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE to_jsonb(n) - 'note' - 'tripletex_registered_at' - 'tripletex_credit_note_id'
             IS DISTINCT FROM to_jsonb(o) - 'note' - 'tripletex_registered_at' - 'tripletex_credit_note_id'));
  ELSE
    PERFORM stats_refresh('money-invoice', ARRAY(SELECT DISTINCT invoice_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER stats_money_insert AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_money_after_invoices();
CREATE TRIGGER stats_money_update AFTER UPDATE ON invoices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_money_after_invoices();
CREATE TRIGGER stats_money_delete AFTER DELETE ON invoices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_money_after_invoices();

CREATE TRIGGER stats_money_insert AFTER INSERT ON invoice_payments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_money_after_invoice_rows();
CREATE TRIGGER stats_money_update AFTER UPDATE ON invoice_payments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_money_after_invoice_rows();
CREATE TRIGGER stats_money_delete AFTER DELETE ON invoice_payments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_money_after_invoice_rows();

CREATE TRIGGER stats_money_insert AFTER INSERT ON invoice_credits
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_money_after_invoice_rows();
CREATE TRIGGER stats_money_update AFTER UPDATE ON invoice_credits
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_money_after_invoice_rows();
CREATE TRIGGER stats_money_delete AFTER DELETE ON invoice_credits
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_money_after_invoice_rows();

-- The rows there already: each source's shares from the register as it is, a batch at a time
-- (npm run stats:rebuild does the same later).
DO $$
DECLARE
  source record;
  ids integer[];
  after integer;
BEGIN
  FOR source IN
    SELECT * FROM (VALUES ('ins-travel', 'subscriptions', 'kind = ''travel'''), ('ins-instrument', 'instruments', 'true'),
                          ('camp-signup', 'accounts', 'campaign_id IS NOT NULL'), ('camp-checkout', 'vipps_registrations', 'true'),
                          ('money-invoice', 'invoices', 'true')) AS s (name, tbl, cond)
  LOOP
    after := 0;
    LOOP
      EXECUTE format('SELECT array_agg(id ORDER BY id) FROM (SELECT id FROM %I WHERE id > $1 AND %s ORDER BY id LIMIT 5000) b',
                     source.tbl, source.cond) INTO ids USING after;
      EXIT WHEN ids IS NULL;
      PERFORM stats_refresh(source.name, ids);
      after := ids[cardinality(ids)];
    END LOOP;
  END LOOP;
END
$$;

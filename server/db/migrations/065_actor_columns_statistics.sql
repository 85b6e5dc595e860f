-- The columns that say who did something (validated_by, changed_by, created_by...) hold the ids of
-- a few staff members. Removing an account checks each of them for rows that still name it, by a
-- query whose parameter the planner does not know: estimated from those few distinct values, its
-- plan for "any value" looked like reading a large share of the table, so PostgreSQL planned it
-- again for each account removed (accounts has nineteen indexes to weigh), some 0.2 ms each:
-- a fifth of what removing a member costs (an import's undo, an erasure). Estimated as if every
-- value were distinct, the plan for any value is the index lookup it is for almost every account,
-- and it is made once. A query that names a staff member's id is still estimated from the
-- statistics' most common values, which these settings leave as they are.
ALTER TABLE accounts
  ALTER COLUMN validated_by SET (n_distinct = -1),
  ALTER COLUMN rejected_by SET (n_distinct = -1),
  ALTER COLUMN possible_duplicate_of SET (n_distinct = -1);
ALTER TABLE subscriptions
  ALTER COLUMN validated_by SET (n_distinct = -1),
  ALTER COLUMN rejected_by SET (n_distinct = -1),
  ALTER COLUMN cancelled_by SET (n_distinct = -1);
ALTER TABLE subscription_lines ALTER COLUMN validated_by SET (n_distinct = -1);
ALTER TABLE subscription_iterations ALTER COLUMN created_by SET (n_distinct = -1);
ALTER TABLE instruments
  ALTER COLUMN validated_by SET (n_distinct = -1),
  ALTER COLUMN rejected_by SET (n_distinct = -1);
ALTER TABLE instrument_iterations ALTER COLUMN created_by SET (n_distinct = -1);
ALTER TABLE member_changes ALTER COLUMN changed_by SET (n_distinct = -1);
ALTER TABLE consent_changes ALTER COLUMN changed_by SET (n_distinct = -1);
ALTER TABLE invoices ALTER COLUMN created_by SET (n_distinct = -1);
ALTER TABLE invoice_events ALTER COLUMN actor_id SET (n_distinct = -1);
ALTER TABLE invoice_payments ALTER COLUMN registered_by SET (n_distinct = -1);
ALTER TABLE invoice_credits ALTER COLUMN created_by SET (n_distinct = -1);
ALTER TABLE payment_file_items ALTER COLUMN placed_by SET (n_distinct = -1);
ALTER TABLE message_log ALTER COLUMN sender_id SET (n_distinct = -1);
ALTER TABLE documents ALTER COLUMN uploaded_by SET (n_distinct = -1);
ALTER TABLE claim_events ALTER COLUMN changed_by SET (n_distinct = -1);
ALTER TABLE vipps_agreement_events ALTER COLUMN actor_id SET (n_distinct = -1);
-- The small tables' too, so every such column is alike (a test holds new ones to it).
ALTER TABLE billing_settings ALTER COLUMN updated_by SET (n_distinct = -1);
ALTER TABLE member_imports
  ALTER COLUMN created_by SET (n_distinct = -1),
  ALTER COLUMN undone_by SET (n_distinct = -1);
ALTER TABLE outreaches
  ALTER COLUMN created_by SET (n_distinct = -1),
  ALTER COLUMN sent_by SET (n_distinct = -1);
ALTER TABLE payment_files ALTER COLUMN uploaded_by SET (n_distinct = -1);
ALTER TABLE product_prices ALTER COLUMN updated_by SET (n_distinct = -1);
ALTER TABLE renewal_runs ALTER COLUMN started_by SET (n_distinct = -1);
ALTER TABLE segments ALTER COLUMN created_by SET (n_distinct = -1);
ALTER TABLE tripletex_runs ALTER COLUMN started_by SET (n_distinct = -1);
ALTER TABLE valuation_settings ALTER COLUMN updated_by SET (n_distinct = -1);
ALTER TABLE vipps_agreements ALTER COLUMN stopped_by_account SET (n_distinct = -1);

-- The setting counts from the next analysis: these columns are analyzed now (on a large register,
-- a second or two, once).
ANALYZE accounts (validated_by, rejected_by, possible_duplicate_of), subscriptions (validated_by, rejected_by, cancelled_by),
  subscription_lines (validated_by), subscription_iterations (created_by), instruments (validated_by, rejected_by),
  instrument_iterations (created_by), member_changes (changed_by), consent_changes (changed_by), invoices (created_by),
  invoice_events (actor_id), invoice_payments (registered_by), invoice_credits (created_by), payment_file_items (placed_by),
  message_log (sender_id), documents (uploaded_by), claim_events (changed_by), vipps_agreement_events (actor_id);

-- An index on every foreign key whose referenced rows are ever deleted. Without one, PostgreSQL
-- checks, nulls or deletes the referencing rows of each deleted row with a scan of the whole
-- referencing table: undoing an import of 10 000 members read every invoice, invoice event and
-- payment line once per member removed, and removing an invoice read the whole message log.
-- Where most rows carry no reference (who did what, set for staff's actions only), the index
-- holds only the rows that do, so it costs next to nothing to keep.

-- Accounts (a member erased or an import undone; a staff user removed).
CREATE INDEX sign_in_challenges_account_fk ON sign_in_challenges (account_id);
CREATE INDEX consent_changes_changed_by_fk ON consent_changes (changed_by) WHERE changed_by IS NOT NULL;
CREATE INDEX member_imports_created_by_fk ON member_imports (created_by) WHERE created_by IS NOT NULL;
CREATE INDEX member_imports_undone_by_fk ON member_imports (undone_by) WHERE undone_by IS NOT NULL;
CREATE INDEX product_prices_updated_by_fk ON product_prices (updated_by) WHERE updated_by IS NOT NULL;
CREATE INDEX invoices_created_by_fk ON invoices (created_by) WHERE created_by IS NOT NULL;
CREATE INDEX invoice_events_actor_fk ON invoice_events (actor_id) WHERE actor_id IS NOT NULL;
CREATE INDEX invoice_payments_registered_by_fk ON invoice_payments (registered_by) WHERE registered_by IS NOT NULL;
CREATE INDEX invoice_credits_created_by_fk ON invoice_credits (created_by) WHERE created_by IS NOT NULL;
CREATE INDEX billing_settings_updated_by_fk ON billing_settings (updated_by) WHERE updated_by IS NOT NULL;
CREATE INDEX payment_files_uploaded_by_fk ON payment_files (uploaded_by) WHERE uploaded_by IS NOT NULL;
CREATE INDEX payment_file_items_placed_by_fk ON payment_file_items (placed_by) WHERE placed_by IS NOT NULL;
CREATE INDEX renewal_runs_started_by_fk ON renewal_runs (started_by) WHERE started_by IS NOT NULL;
CREATE INDEX vipps_agreements_stopped_by_fk ON vipps_agreements (stopped_by_account) WHERE stopped_by_account IS NOT NULL;
CREATE INDEX vipps_agreement_events_actor_fk ON vipps_agreement_events (actor_id) WHERE actor_id IS NOT NULL;
CREATE INDEX documents_uploaded_by_fk ON documents (uploaded_by) WHERE uploaded_by IS NOT NULL;
CREATE INDEX valuation_settings_updated_by_fk ON valuation_settings (updated_by) WHERE updated_by IS NOT NULL;
CREATE INDEX claim_events_changed_by_fk ON claim_events (changed_by) WHERE changed_by IS NOT NULL;

-- Invoices, their payments and messages (an import undone, the message log's retention).
CREATE INDEX message_log_invoice_fk ON message_log (invoice_id) WHERE invoice_id IS NOT NULL;
CREATE INDEX lapse_notices_invoice_fk ON lapse_notices (invoice_id);
CREATE INDEX lapse_notices_message_fk ON lapse_notices (message_id) WHERE message_id IS NOT NULL;
CREATE INDEX invoice_reminders_email_message_fk ON invoice_reminders (email_message_id) WHERE email_message_id IS NOT NULL;
CREATE INDEX invoice_reminders_sms_message_fk ON invoice_reminders (sms_message_id) WHERE sms_message_id IS NOT NULL;
CREATE INDEX payment_file_items_payment_fk ON payment_file_items (payment_id) WHERE payment_id IS NOT NULL;
CREATE INDEX payment_file_items_placed_payment_fk ON payment_file_items (placed_payment_id) WHERE placed_payment_id IS NOT NULL;

-- Instruments (removed by their member or staff), campaign codes (removed by staff), Vipps' test agreements.
CREATE INDEX claims_instrument_fk ON claims (instrument_id) WHERE instrument_id IS NOT NULL;
CREATE INDEX vipps_registrations_campaign_fk ON vipps_registrations (campaign_id) WHERE campaign_id IS NOT NULL;
CREATE INDEX vipps_test_charges_agreement_fk ON vipps_test_charges (agreement_id);

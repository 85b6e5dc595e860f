-- Tripletex as the ledger: what of each invoice, payment, credit and reminder has reached
-- Tripletex, so the ledger job (server/domain/billing/tripletex-ledger.ts) does what is still to do
-- and nothing twice. The invoice's order and invoice ids and its last error are migration 019's.

-- tripletex_wanted_at: the invoice was made while Tripletex was the ledger (it is Tripletex's to
-- send; an invoice the portal mailed before Tripletex was set up is never sent there again).
-- tripletex_sent_at: Tripletex sent it (:send); tripletex_read_at: its status was last read back.
ALTER TABLE invoices
  ADD COLUMN tripletex_wanted_at timestamptz,
  ADD COLUMN tripletex_sent_at timestamptz,
  ADD COLUMN tripletex_read_at timestamptz;
-- The ledger job's "still to send" and "to read back": only invoices of the Tripletex ledger.
CREATE INDEX invoices_tripletex_unsent ON invoices (id) WHERE tripletex_wanted_at IS NOT NULL AND tripletex_sent_at IS NULL;
CREATE INDEX invoices_tripletex_sent ON invoices (invoice_date, id) WHERE tripletex_sent_at IS NOT NULL;

-- A payment booked in the portal (by hand, OCR) registered in Tripletex (:payment) at this time;
-- a payment read back from Tripletex (method 'tripletex') is never registered there.
ALTER TABLE invoice_payments ADD COLUMN tripletex_registered_at timestamptz;
CREATE INDEX invoice_payments_tripletex_unregistered ON invoice_payments (invoice_id, id)
  WHERE tripletex_registered_at IS NULL AND method <> 'tripletex';

-- invoice_credits.tripletex_credit_note_id (migration 019) is set once the credit note is made.
CREATE INDEX invoice_credits_tripletex_unmade ON invoice_credits (invoice_id, id) WHERE tripletex_credit_note_id IS NULL;

-- A reminder Tripletex sends (:createReminder): wanted when the reminder was decided, made at
-- tripletex_reminded_at.
ALTER TABLE invoice_reminders
  ADD COLUMN tripletex_wanted boolean NOT NULL DEFAULT false,
  ADD COLUMN tripletex_reminded_at timestamptz;
CREATE INDEX invoice_reminders_tripletex_unmade ON invoice_reminders (invoice_id)
  WHERE tripletex_wanted AND tripletex_reminded_at IS NULL AND status = 'sent';

-- One ledger run at a time across servers: a lease (renewed while it runs; a killed run's lease
-- runs out), and when the status was last read back and what went wrong then.
CREATE TABLE tripletex_ledger (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  lease_until timestamptz,
  read_at timestamptz,
  read_error text
);
INSERT INTO tripletex_ledger (id) VALUES (true);

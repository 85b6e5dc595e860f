-- The quick checkout with 'Betal kontingenten automatisk hvert år': the registration is paid by the
-- initial charge of a Vipps Recurring agreement instead of an ePayment payment. The agreement row
-- (vipps_agreements) is made with the member, once the agreement is active and the charge drawn.
ALTER TABLE vipps_registrations
  ADD COLUMN kind text NOT NULL DEFAULT 'payment' CHECK (kind IN ('payment', 'agreement')),
  -- Vipps' agreement id (agr_…) and the initial charge's id; null for a payment.
  ADD COLUMN vipps_agreement_id text UNIQUE,
  ADD COLUMN initial_charge_id text;

-- The embedded test checkout's agreements (never in production): the payer given on approval, as
-- Vipps shares the profile, and which charge is the agreement's initial one.
ALTER TABLE vipps_test_agreements ADD COLUMN payer jsonb;
ALTER TABLE vipps_test_charges ADD COLUMN type text NOT NULL DEFAULT 'RECURRING' CHECK (type IN ('INITIAL', 'RECURRING'));

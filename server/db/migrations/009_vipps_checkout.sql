-- Vipps quick checkout: what the registration knows about its payment, the welcome mail with
-- the link to choose a password, and the payments of the embedded test checkout.

ALTER TABLE vipps_registrations
  ADD COLUMN captured_amount integer NOT NULL DEFAULT 0 CHECK (captured_amount >= 0),
  ADD COLUMN refunded_amount integer NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0);
CREATE INDEX vipps_registrations_open ON vipps_registrations (state, updated_at)
  WHERE state IN ('CREATED', 'AUTHORIZED', 'REFUSED');

INSERT INTO email_templates (slug, title, content, from_name, from_email) VALUES
  ('vipps-welcome', 'Velkommen som medlem!',
   '<p>Hei {first_name},</p>
<p>Takk for at du ble medlem og betalte med Vipps! Medlemskapet ditt er registrert.</p>
<p>På Min side kan du fylle ut resten av opplysningene dine, bestille reiseforsikring, forsikre instrumentene dine og finne rabattkodene som medlemmer får hos våre samarbeidspartnere.</p>
<p>Du logger inn på Min side med e-postadressen {email}. Velg passordet ditt med lenken under:</p>
<p><a href="{link}">Velg passord</a></p>
<p>Lenken virker i 60 minutter og kan brukes én gang. Har den gått ut, velger du «Glemt passord» på innloggingssiden og får en ny.</p>
<p>Med vennlig hilsen<br>Medlemsservice</p>',
   'Medlemsservice', 'post@example.no')
ON CONFLICT (slug) DO NOTHING;

-- Only the embedded test checkout (no Vipps settings, never in production) writes here.
CREATE TABLE vipps_test_payments (
  reference text PRIMARY KEY,
  amount integer NOT NULL CHECK (amount > 0),
  description text NOT NULL,
  return_url text NOT NULL,
  state text NOT NULL DEFAULT 'CREATED',
  payer jsonb,
  captured_amount integer NOT NULL DEFAULT 0,
  refunded_amount integer NOT NULL DEFAULT 0,
  cancelled boolean NOT NULL DEFAULT false,
  idempotency_keys text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);

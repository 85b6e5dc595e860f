-- Second checks at sign-in (issue 41): an e-mailed code for a right password from a new browser
-- while the account is slowed, codes counted per challenge and per device, enrolment links for
-- staff who must use two-factor sign-in, and the mails that tell a user their sign-in changed.

-- kind: 'totp' (the authenticator app or a recovery code) or 'email' (a code mailed to the
-- account, kept as its sha256). device: the nonce of the device cookie the password came with, so
-- a browser the owner signed in from before has its own count of wrong codes. attempts: codes
-- tried against this challenge; past the limit the challenge ends.
ALTER TABLE sign_in_challenges ADD COLUMN kind text NOT NULL DEFAULT 'totp' CHECK (kind IN ('totp', 'email'));
ALTER TABLE sign_in_challenges ADD COLUMN code_hash char(64);
ALTER TABLE sign_in_challenges ADD COLUMN device text;
ALTER TABLE sign_in_challenges ADD COLUMN attempts integer NOT NULL DEFAULT 0;

-- A single-use, timed link that lets a staff user who gave a right password set up two-factor
-- sign-in; kept as sha256 of its token, like reset links.
CREATE TABLE two_factor_enrolment_links (
  token_hash char(64) PRIMARY KEY,
  account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX two_factor_enrolment_links_account ON two_factor_enrolment_links (account_id);
CREATE INDEX two_factor_enrolment_links_expires ON two_factor_enrolment_links (expires_at);

-- The mails; NULL sender: the portal's own (MAIL_FROM_NAME / MAIL_FROM_EMAIL).
INSERT INTO email_templates (slug, title, content, from_name, from_email) VALUES
  ('sign-in-code', 'Koden din for å logge inn',
   '<p>Hei {first_name},</p>
<p>Noen logget inn på kontoen din med riktig passord fra en nettleser vi ikke kjenner, mens kontoen er beskyttet mot mange feil passord. Skriv inn denne koden for å fullføre innloggingen:</p>
<p><strong>{code}</strong></p>
<p>Koden virker i 10 minutter og kan brukes én gang. Var det ikke deg, bør du bytte passord.</p>
<p>Med vennlig hilsen<br>Medlemsservice</p>',
   NULL, NULL),
  ('two-factor-enrolment', 'Sett opp totrinnsinnlogging',
   '<p>Hei {first_name},</p>
<p>Ansatte må bruke totrinnsinnlogging. Du logget nettopp inn med riktig passord; åpne lenken under for å sette opp totrinnsinnlogging og fullføre innloggingen:</p>
<p>{button}</p>
<p>Lenken virker i 30 minutter og kan brukes én gang. Var det ikke deg som logget inn, bør du bytte passord.</p>
<p>Med vennlig hilsen<br>Medlemsservice</p>',
   NULL, NULL),
  ('two-factor-enabled', 'Totrinnsinnlogging er slått på',
   '<p>Hei {first_name},</p>
<p>Totrinnsinnlogging er nå slått på for kontoen din. Innlogginger du hadde fra før, er avsluttet.</p>
<p>Var det ikke deg, må du ta kontakt med oss med en gang.</p>
<p>Med vennlig hilsen<br>Medlemsservice</p>',
   NULL, NULL),
  ('two-factor-disabled', 'Totrinnsinnlogging er slått av',
   '<p>Hei {first_name},</p>
<p>Totrinnsinnlogging er nå slått av for kontoen din. Du logger inn med bare e-post og passord til du slår den på igjen.</p>
<p>Var det ikke deg, må du bytte passord og ta kontakt med oss med en gang.</p>
<p>Med vennlig hilsen<br>Medlemsservice</p>',
   NULL, NULL),
  ('recovery-code-used', 'En gjenopprettingskode er brukt',
   '<p>Hei {first_name},</p>
<p>Noen logget nettopp inn på kontoen din med en av gjenopprettingskodene dine. Hver kode virker bare én gang; du har {remaining} ubrukte koder igjen.</p>
<p>Var det ikke deg, må du bytte passord og ta kontakt med oss med en gang.</p>
<p>Med vennlig hilsen<br>Medlemsservice</p>',
   NULL, NULL)
ON CONFLICT (slug) DO NOTHING;

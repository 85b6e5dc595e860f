-- Staff users as an administrator manages them (issue 37): invited by e-mail with a link to choose
-- a password, the time each last signed in, and the invitation's mail.

-- A link to choose a password lives as long as it was made to: a reset link an hour, an invitation
-- a week (the invited may not read their mail within the hour). Links made before keep the hour.
ALTER TABLE password_resets ADD COLUMN lifetime_minutes integer NOT NULL DEFAULT 60 CHECK (lifetime_minutes BETWEEN 1 AND 20160);

-- When each staff user last signed in: a sign-in's token is gone once they sign out or it ends,
-- so the time is kept here, written with the token (lib/tokens.ts). Members have no row.
CREATE TABLE staff_sign_ins (
  account_id integer PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  at timestamptz NOT NULL
);
INSERT INTO staff_sign_ins (account_id, at)
SELECT t.account_id, max(t.created_at) FROM access_tokens t JOIN accounts a ON a.id = t.account_id
 WHERE a.role_id >= 3 AND t.name = 'login'
 GROUP BY t.account_id;

-- The invitation: the server places the button with the secret link where {button} stands.
-- NULL sender: the portal's own (MAIL_FROM_NAME / MAIL_FROM_EMAIL).
INSERT INTO email_templates (slug, title, content, from_name, from_email) VALUES
  ('staff-invitation', 'Du er invitert til Musikerportalen',
   '<p>Hei {first_name},</p>
<p>Du er lagt til som ansatt i Musikerportalen med rollen {role}. Du logger inn med e-postadressen {email}. Velg passordet ditt med knappen under:</p>
<p>{button}</p>
<p>Lenken virker i 7 dager og kan brukes én gang. Har den gått ut, velger du «Glemt passord» på innloggingssiden og får en ny.</p>
<p>Med vennlig hilsen<br>Medlemsservice</p>',
   NULL, NULL)
ON CONFLICT (slug) DO NOTHING;

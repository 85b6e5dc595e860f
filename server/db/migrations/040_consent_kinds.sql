-- The names of the two optional kinds of message members may say yes or no to (newsletter_2 and
-- newsletter_3), as staff set them under Innstillinger, in both of Min side's languages. The
-- required kind ('Nødvendig informasjon', newsletter_1) is always on and has no setting.
CREATE TABLE consent_kinds (
  kind text PRIMARY KEY CHECK (kind IN ('newsletter_2', 'newsletter_3')),
  label_nb text NOT NULL CHECK (length(trim(label_nb)) BETWEEN 1 AND 80),
  label_en text NOT NULL CHECK (length(trim(label_en)) BETWEEN 1 AND 80),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO consent_kinds (kind, label_nb, label_en) VALUES
  ('newsletter_2', 'Nyheter fra organisasjonen', 'News from the organisation'),
  ('newsletter_3', 'Tilbud fra samarbeidspartnere', 'Offers from partners');

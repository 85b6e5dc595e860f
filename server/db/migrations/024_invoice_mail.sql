-- The invoice by e-mail without Tripletex: the mail names its invoice, so the sending job builds
-- the PDF attachment again from the invoice (the queue's job carries only the message id).
ALTER TABLE message_log ADD COLUMN invoice_id integer REFERENCES invoices (id) ON DELETE SET NULL;

-- The invoice mail, edited by staff like the other templates; the PDF is attached by the server.
INSERT INTO email_templates (slug, title, content, from_name, from_email) VALUES
  ('invoice', 'Faktura {invoice_number} fra Musikerportalen',
   '<p>Hei {first_name},</p>
<p>Vedlagt er faktura {invoice_number} på {total} med forfall {due_date}.</p>
<p>Betal til kontonummer {account_number} og bruk KID {kid}, så blir innbetalingen registrert på fakturaen din.</p>
<p>Har du spørsmål om fakturaen, svarer du på denne e-posten.</p>
<p>Vennlig hilsen<br>Musikerportalen</p>', NULL, NULL);

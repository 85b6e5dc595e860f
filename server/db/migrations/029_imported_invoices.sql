-- Open invoices moved in with the member import (its 'Åpne fakturaer' sheet): an invoice of kind
-- 'imported' keeps the old system's invoice number and KID beside ours. Our own number and KID are
-- made as for every invoice; the old KID is kept so a payment a member makes with it still finds
-- the invoice in an OCR file. A part already paid in the old system is booked as a payment of
-- method 'import'.
ALTER TABLE invoices DROP CONSTRAINT invoices_kind_check;
ALTER TABLE invoices ADD CONSTRAINT invoices_kind_check CHECK (kind IN ('first', 'renewal', 'cover', 'imported'));
ALTER TABLE invoices ADD COLUMN previous_number text;
-- A KID of 2 to 25 characters (the OCR record's field), digits; a MOD11 KID may end in '-'.
ALTER TABLE invoices ADD COLUMN previous_kid text CHECK (previous_kid ~ '^[0-9]{1,24}[0-9-]$');
-- The same old invoice is moved in once per member: a second import of the same file makes none.
CREATE UNIQUE INDEX invoices_previous_number ON invoices (member_id, previous_number) WHERE previous_number IS NOT NULL;
-- An old KID names one invoice, as ours do: the OCR matching looks invoices up by it.
CREATE UNIQUE INDEX invoices_previous_kid ON invoices (previous_kid) WHERE previous_kid IS NOT NULL;

ALTER TABLE invoice_payments DROP CONSTRAINT invoice_payments_method_check;
ALTER TABLE invoice_payments ADD CONSTRAINT invoice_payments_method_check
  CHECK (method IN ('ocr', 'manual', 'bank', 'cash', 'vipps', 'tripletex', 'import'));

ALTER TABLE member_import_items DROP CONSTRAINT member_import_items_kind_check;
ALTER TABLE member_import_items ADD CONSTRAINT member_import_items_kind_check
  CHECK (kind IN ('member', 'subscription', 'instrument', 'travel', 'invoice'));

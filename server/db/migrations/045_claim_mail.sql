-- A claim's two mails (to the insurer's claims address, and the member's copy) carry the claim's
-- packet as a zip (the packet PDF and the documents). The mail names its claim, and the sending
-- job builds the zip from it when it sends, as it makes an invoice's PDF (migration 024): the
-- queue's job carries only the message id, never the files. Other mails about a claim (a change
-- of state) do not name it here: they carry no attachment.
ALTER TABLE message_log ADD COLUMN claim_id integer REFERENCES claims (id) ON DELETE SET NULL;
CREATE INDEX message_log_claim ON message_log (claim_id) WHERE claim_id IS NOT NULL;

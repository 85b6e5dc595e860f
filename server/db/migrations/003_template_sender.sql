-- The system templates sent from medlem@example.no, which is also the demo member's address, so the
-- message log showed the member as the sender of their own mail. They send from the organisation's
-- post address, the same default as MAIL_FROM_EMAIL.
UPDATE email_templates SET from_email = 'post@example.no', updated_at = now() WHERE from_email = 'medlem@example.no';

-- Secret links are placed by the server only: the reset and welcome templates mark the place of
-- their button with {button} in the text instead of a {link} placeholder inside an address.
-- Stored templates (edited or not) move over: a link whose address was {link} becomes the marker;
-- any other {link} (in an image, a style, the text) is removed; a template left without the
-- marker gets it on a line of its own at the end, so its mail still carries the link.
UPDATE email_templates
   SET content = regexp_replace(content, '<a\s[^>]*href="\s*\{\s*link\s*\}\s*"[^>]*>.*?</a>', '{button}', 'g')
 WHERE slug IN ('password-reset', 'vipps-welcome');

UPDATE email_templates
   SET content = regexp_replace(content, '\{\s*link\s*\}', '', 'g')
 WHERE slug IN ('password-reset', 'vipps-welcome');

UPDATE email_templates
   SET content = content || '<p>{button}</p>'
 WHERE slug IN ('password-reset', 'vipps-welcome') AND content NOT LIKE '%{button}%';

-- The sender: MAIL_FROM_NAME / MAIL_FROM_EMAIL are every mail's sender; a template names another
-- only where staff chose one (NULL follows the settings). The reference data's organisation
-- sender becomes the settings' default; the insurance department's own sender stays.
ALTER TABLE email_templates ALTER COLUMN from_name DROP NOT NULL, ALTER COLUMN from_email DROP NOT NULL;
UPDATE email_templates SET from_name = NULL, from_email = NULL
 WHERE from_email = 'post@example.no' AND from_name = 'Medlemsservice';

-- The membership terms that the sign-up's terms checkbox links to, from the content source like
-- the other texts (a content site, when one is configured, serves its own page by this slug).
INSERT INTO content_pages (slug, title, content)
SELECT 'medlemsvilkar', 'Vilkår for medlemskap',
  '<p>Medlemskapet gjelder for ett kalenderår om gangen og fornyes automatisk til det blir sagt opp.</p>
<p>Kontingenten faktureres årlig som e-faktura eller på e-post, slik du velger i innmeldingen. Ved innmelding i løpet av året faktureres resten av året.</p>
<p>Du kan si opp medlemskapet når som helst med virkning fra neste årsskifte. Forsikringer du har kjøpt som medlem, følger medlemskapet og opphører når det opphører.</p>
<p>Vi behandler personopplysningene dine slik personvernerklæringen på Min side beskriver.</p>'
WHERE NOT EXISTS (SELECT 1 FROM content_pages WHERE slug = 'medlemsvilkar');

-- Reference data every installation needs, demo data or not. Ids are fixed because the apps
-- name some of them (product ids 1 and 2 are travel insurance, template ids 1–3 are the
-- rejection messages, benefit 0 is the campaign form's default).

INSERT INTO product_categories (id, title) VALUES
  (1, 'Medlemskap'),
  (2, 'Reiseforsikring'),
  (3, 'Instrumentforsikring');

INSERT INTO products (id, name, price, kind, product_category_id) VALUES
  (1, 'Reiseforsikring Europa', 1290, 'travel', 2),
  (2, 'Reiseforsikring Verden', 1890, 'travel', 2),
  (3, 'Medlemskap', 1450, 'membership', 1),
  (4, 'Instrumentforsikring', 995, 'instrument', 3);

INSERT INTO benefits (id, text) VALUES
  (0, 'Ingen ekstra fordel'),
  (1, 'Første år gratis'),
  (2, '50 % rabatt første år'),
  (3, 'Tre måneder gratis'),
  (4, 'Gratis reiseforsikring første år');

-- use_member: can be chosen as primary instrument; use_insurance: can be insured.
INSERT INTO instrument_categories (id, title, use_member, use_insurance) VALUES
  (1, 'Gitar', 1, 1),
  (2, 'Bass', 1, 1),
  (3, 'Trommer og perkusjon', 1, 1),
  (4, 'Keyboard og piano', 1, 1),
  (5, 'Fiolin og strykeinstrumenter', 1, 1),
  (6, 'Blåseinstrument', 1, 1),
  (7, 'Vokal', 1, 0),
  (8, 'PA og lydutstyr', 0, 1),
  (9, 'Studio- og opptaksutstyr', 0, 1),
  (10, 'Annet instrument', 1, 1);

INSERT INTO email_templates (id, slug, title, content, from_name, from_email) VALUES
  (1, 'membership-rejected', 'Søknaden din om medlemskap',
   '<p>Hei {first_name} {last_name},</p>
<p>Takk for at du søkte om medlemskap hos oss. Vi har gått gjennom søknaden din, og kan dessverre ikke godkjenne den nå.</p>
<p>Har du spørsmål, eller mener du at vi har gjort en feil, er du velkommen til å svare på denne e-posten eller ringe oss.</p>
<p>Med vennlig hilsen<br>Medlemsservice</p>',
   'Medlemsservice', 'post@example.no'),
  (2, 'instrument-rejected', 'Instrumentforsikringen din',
   '<p>Hei {first_name} {last_name},</p>
<p>Vi har behandlet forespørselen din om instrumentforsikring, og kan dessverre ikke forsikre instrumentet slik det er meldt inn.</p>
<p>Ofte holder det å sende oss kvittering, takst eller serienummer. Svar gjerne på denne e-posten, så hjelper vi deg videre.</p>
<p>Med vennlig hilsen<br>Forsikringsavdelingen</p>',
   'Forsikringsavdelingen', 'forsikring@example.no'),
  (3, 'travel-rejected', 'Reiseforsikringen din',
   '<p>Hei {first_name} {last_name},</p>
<p>Vi har behandlet bestillingen din av reiseforsikring, og kan dessverre ikke godkjenne den.</p>
<p>Ta kontakt med oss hvis du vil vite mer eller ønsker å bestille en annen forsikring.</p>
<p>Med vennlig hilsen<br>Forsikringsavdelingen</p>',
   'Forsikringsavdelingen', 'forsikring@example.no'),
  (4, 'welcome', 'Velkommen som medlem!',
   '<p>Hei {first_name},</p>
<p>Søknaden din er godkjent, og du er nå medlem hos oss. Velkommen!</p>
<p>På Min side kan du oppdatere kontaktopplysningene dine, bestille reiseforsikring, forsikre instrumentene dine og finne rabattkodene som medlemmer får hos våre samarbeidspartnere.</p>
<p>Du logger inn med e-postadressen og passordet du valgte da du meldte deg inn.</p>
<p>Med vennlig hilsen<br>Medlemsservice</p>',
   'Medlemsservice', 'post@example.no'),
  (5, 'registration-received', 'Vi har mottatt søknaden din',
   '<p>Hei {first_name},</p>
<p>Takk for at du vil bli medlem! Vi har mottatt søknaden din, og den er nå til behandling.</p>
<p>Du får en ny e-post så snart søknaden er behandlet, vanligvis innen et par virkedager.</p>
<p>Med vennlig hilsen<br>Medlemsservice</p>',
   'Medlemsservice', 'post@example.no'),
  (6, 'password-reset', 'Lag nytt passord',
   '<p>Hei {first_name},</p>
<p>Vi har fått en forespørsel om å lage nytt passord for kontoen din. Klikk på lenken under for å velge et nytt passord:</p>
<p><a href="{link}">Lag nytt passord</a></p>
<p>Lenken virker i 60 minutter og kan brukes én gang. Har du ikke bedt om nytt passord, kan du se bort fra denne e-posten.</p>
<p>Med vennlig hilsen<br>Medlemsservice</p>',
   'Medlemsservice', 'post@example.no'),
  (7, 'member-card', 'Medlemskort',
   'Hei {first_name}! Dette er ditt digitale medlemskort. Medlemsnummer: {member_number}. Kampanjekode: {campaign_code}. Vis denne meldingen for å få medlemsfordeler hos våre samarbeidspartnere.',
   'Medlemsservice', 'post@example.no');

INSERT INTO content_pages (id, slug, title, content) VALUES
  (1, 'min-side', 'Personvern',
   '<p>Vi tar vare på personopplysningene dine og bruker dem bare til å administrere medlemskapet og forsikringene dine.</p>
<p>Vi lagrer navn, kontaktopplysninger, fødselsdato, medlemsnummer, fakturaopplysninger og opplysninger om forsikringene dine. Opplysningene deles bare med forsikringsselskapet og regnskapssystemet vårt, og bare når det trengs for å levere tjenestene du har bestilt.</p>
<p>Du kan når som helst se og rette opplysningene dine her på Min side. Vil du ha innsyn i alt vi har lagret, eller ønsker du at vi sletter opplysningene dine, kan du kontakte oss.</p>'),
  (2, 'bli-medlem', 'Bli medlem',
   '<p>Som medlem får du et fellesskap av musikere, rådgivning om kontrakter og honorarer, og gode rabatter hos våre samarbeidspartnere.</p>
<p>Medlemmer kan også kjøpe reiseforsikring for turné og instrumentforsikring som dekker instrumentene dine hjemme, i øvingslokalet og på reise.</p>
<p>Fyll inn navn, mobilnummer og e-postadresse, og velg et passord. Har du en kampanjekode, blir den lagt til automatisk.</p>'),
  (3, 'bli-medlem-steg-2', 'Nesten ferdig',
   '<p>Fyll inn adressen din og velg hovedinstrumentet ditt, så vi vet hvem du er og kan sende deg riktig informasjon.</p>
<p>Velg deretter hvordan du vil motta fakturaen for medlemskontingenten: som e-faktura i nettbanken eller på e-post.</p>
<p>Når søknaden er sendt, behandler vi den så raskt vi kan, og du får en e-post når du er godkjent.</p>');

SELECT setval(pg_get_serial_sequence('product_categories', 'id'), (SELECT max(id) FROM product_categories));
SELECT setval(pg_get_serial_sequence('products', 'id'), (SELECT max(id) FROM products));
SELECT setval(pg_get_serial_sequence('benefits', 'id'), (SELECT max(id) FROM benefits));
SELECT setval(pg_get_serial_sequence('instrument_categories', 'id'), (SELECT max(id) FROM instrument_categories));
SELECT setval(pg_get_serial_sequence('email_templates', 'id'), (SELECT max(id) FROM email_templates));
SELECT setval(pg_get_serial_sequence('content_pages', 'id'), (SELECT max(id) FROM content_pages));

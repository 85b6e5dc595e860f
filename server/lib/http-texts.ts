/**
 * The messages any route can answer with (access, not found, rate limits, schema failures), in
 * Norwegian and English. http-errors.ts, schema-errors.ts and the error handler write the
 * Norwegian; an English request gets the English (lib/language.ts).
 */
import type { Catalogue } from './language.ts';

export const HTTP_TEXTS = {
  unauthenticated: { nb: 'Unauthenticated.', en: 'Unauthenticated.' },
  forbidden: { nb: 'Du har ikke tilgang til dette.', en: 'You do not have access to this.' },
  notFound: { nb: 'Fant ikke det du lette etter.', en: 'We could not find what you were looking for.' },
  blocked: { nb: 'Din konto har blitt sperret!', en: 'Your account has been blocked!' },
  invalid: { nb: 'Ugyldig verdi', en: 'Invalid value' },
  serverError: { nb: 'Noe gikk galt. Prøv igjen senere.', en: 'Something went wrong. Please try again later.' },
  tooManyAttempts: { nb: 'For mange forsøk. Prøv igjen om {seconds} sekunder.', en: 'Too many attempts. Please try again in {seconds} seconds.' },
  moreErrors: { nb: '{first} (og {more} feil til)', en: '{first} (and {more} more errors)' },
  minLength: { nb: 'Må være minst {limit} tegn', en: 'Must be at least {limit} characters' },
  maxLength: { nb: 'Kan ikke være mer enn {limit} tegn', en: 'Cannot be more than {limit} characters' },
  minimum: { nb: 'Må være minst {limit}', en: 'Must be at least {limit}' },
  maximum: { nb: 'Kan ikke være mer enn {limit}', en: 'Cannot be more than {limit}' },
  dateFormat: { nb: 'Ugyldig dato (ÅÅÅÅ-MM-DD)', en: 'Invalid date (YYYY-MM-DD)' },
  format: { nb: 'Ugyldig format', en: 'Invalid format' },
  badQuery: { nb: 'Ugyldig verdi i forespørselen: {fields}.', en: 'Invalid value in the request: {fields}.' },
  badRequest: { nb: 'Ugyldig forespørsel.', en: 'Invalid request.' },
  methodNotAllowed: { nb: 'Metoden er ikke tillatt.', en: 'The method is not allowed.' },
  tooLarge: { nb: 'Forespørselen er for stor.', en: 'The request is too large.' },
  uriTooLong: { nb: 'Adressen er for lang.', en: 'The address is too long.' },
  unsupportedType: { nb: 'Formatet på forespørselen støttes ikke.', en: 'The format of the request is not supported.' },
  inputText: { nb: 'Teksten inneholder tegn som ikke er tillatt.', en: 'The text contains characters that are not allowed.' },
  inputNumber: { nb: 'Tallet er utenfor det som er tillatt.', en: 'The number is outside what is allowed.' },
  inputDepth: { nb: 'Forespørselen er nøstet for dypt.', en: 'The request is nested too deeply.' },
  multipartUnreadable: {
    nb: 'Skjemaet med filen kunne ikke leses. Last opp filen på nytt.',
    en: 'The form with the file could not be read. Please upload the file again.',
  },
  diskFull: {
    nb: 'Serveren har for lite ledig diskplass til å lagre endringer nå. Det du har skrevet, er ikke lagret: prøv igjen om litt.',
    en: 'The server is short of free disk space to save changes now. What you wrote has not been saved: please try again shortly.',
  },
} as const satisfies Catalogue;

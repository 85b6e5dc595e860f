/**
 * What signing in, a password reset, sign-up's e-mail check and two-factor sign-in answer a
 * person, in Norwegian and English. The routes and the domain write the Norwegian; an English
 * request gets the English (lib/language.ts).
 */
import type { Catalogue } from '../../lib/language.ts';
import { norwegian } from '../../lib/language.ts';

export const ACCOUNT_TEXTS = {
  wrongCredentials: { nb: 'Feil e-post eller passord.', en: 'Wrong email or password.' },
  resetAnswer: {
    nb: 'Hvis e-postadressen er registrert hos oss, får du snart en e-post med en lenke for å lage nytt passord.',
    en: 'If the email address is registered with us, you will soon get an email with a link to make a new password.',
  },
  resetRefused: {
    nb: 'Lenken for å lage nytt passord er ugyldig eller utløpt. Be om en ny lenke.',
    en: 'The link to make a new password is invalid or has expired. Ask for a new link.',
  },
  passwordChanged: {
    nb: 'Passordet er endret. Du kan nå logge inn med det nye passordet.',
    en: 'The password has been changed. You can now sign in with the new password.',
  },
  signedOut: { nb: 'Du er logget ut.', en: 'You are signed out.' },
  challengeExpired: { nb: 'Innloggingen er utløpt. Logg inn på nytt.', en: 'The sign-in has expired. Please sign in again.' },
  wrongCode: { nb: 'Feil kode. Prøv igjen.', en: 'Wrong code. Please try again.' },
  tooManyCodes: { nb: 'For mange feil koder. Logg inn på nytt.', en: 'Too many wrong codes. Please sign in again.' },
  mailedCodeMissing: { nb: 'Skriv inn koden fra e-posten.', en: 'Enter the code from the email.' },
  appCodeMissing: { nb: 'Skriv inn koden fra autentiseringsappen.', en: 'Enter the code from the authenticator app.' },
  enrolmentMailed: {
    nb: 'Ansatte må bruke totrinnsinnlogging. Vi har sendt deg en e-post med en lenke for å sette den opp; lenken virker i 30 minutter.',
    en: 'Staff must use two-step sign-in. We have sent you an email with a link to set it up; the link works for 30 minutes.',
  },
  enrolmentLinkRefused: {
    nb: 'Lenken for å sette opp totrinnsinnlogging er ugyldig, brukt eller utløpt. Logg inn på nytt for å få en ny.',
    en: 'The link to set up two-step sign-in is invalid, used or expired. Sign in again to get a new one.',
  },
  twoFactorSetupRequired: {
    nb: 'Du må slå på totrinnsinnlogging før du kan fortsette.',
    en: 'You must turn on two-step sign-in before you can continue.',
  },
  twoFactorAlreadyOn: { nb: 'Totrinnsinnlogging er allerede slått på.', en: 'Two-step sign-in is already on.' },
  twoFactorNotOn: { nb: 'Totrinnsinnlogging er ikke slått på.', en: 'Two-step sign-in is not on.' },
  twoFactorRequired: {
    nb: 'Totrinnsinnlogging er påkrevd for ansatte og kan ikke slås av.',
    en: 'Two-step sign-in is required for staff and cannot be turned off.',
  },
  twoFactorOff: { nb: 'Totrinnsinnlogging er slått av.', en: 'Two-step sign-in is turned off.' },
  sessionEnded: { nb: 'Innloggingen er avsluttet.', en: 'The sign-in has been ended.' },
  emailInUse: { nb: 'E-postadressen er allerede i bruk.', en: 'The email address is already in use.' },
  emailRegistered: {
    nb: 'E-postadressen er allerede registrert. Logg inn eller be om nytt passord.',
    en: 'The email address is already registered. Sign in or ask for a new password.',
  },
} as const satisfies Catalogue;

export const ACCOUNT_MESSAGES = norwegian(ACCOUNT_TEXTS);

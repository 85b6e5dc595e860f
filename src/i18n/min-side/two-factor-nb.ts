/** Two-step sign-in on Min side in bokmål: the code at sign-in, turning it on and off (English: two-factor-en.ts). */
import { RULE_MESSAGES } from '../../../server/schemas/rules.ts';

export const twoFactorNb = {
  title: 'Totrinnsinnlogging',
  codeTitle: 'Bekreft at det er deg',
  codeIntro: 'Åpne autentiseringsappen og skriv inn den sekssifrede koden.',
  recoveryIntro: 'Skriv inn en av gjenopprettingskodene du tok vare på. Hver kode virker én gang.',
  code: 'Kode fra autentiseringsappen',
  recoveryCode: 'Gjenopprettingskode',
  useRecovery: 'Bruk en gjenopprettingskode i stedet',
  useCode: 'Bruk kode fra autentiseringsappen',
  emailCodeTitle: 'Sjekk e-posten din',
  emailCodeIntro:
    'Kontoen din er beskyttet fordi noen har prøvd mange feil passord, og denne nettleseren har ikke vært brukt til å logge inn før. Var passordet riktig, har vi sendt deg en e-post med en kode. Skriv den inn her.',
  emailCode: 'Kode fra e-posten',
  verify: 'Bekreft',
  required: RULE_MESSAGES.fillIn,
  statusOn: 'Totrinnsinnlogging er slått på. Når du logger inn, ber vi om en kode fra autentiseringsappen.',
  statusOff: 'Med totrinnsinnlogging trengs både passordet og en kode fra en autentiseringsapp på telefonen for å logge inn.',
  start: 'Slå på totrinnsinnlogging',
  steps: 'Skann QR-koden med en autentiseringsapp, eller skriv inn nøkkelen i appen. Skriv så inn koden appen viser.',
  qrLabel: 'QR-kode for autentiseringsappen',
  key: 'Nøkkel',
  enable: 'Slå på',
  recoveryTitle: 'Gjenopprettingskoder',
  recoveryCodesIntro:
    'Ta vare på disse kodene et trygt sted. Mister du telefonen, logger du inn med én av dem; hver kode virker én gang. Kodene vises bare nå.',
  done: 'Jeg har tatt vare på kodene',
  enabled: 'Totrinnsinnlogging er slått på. Innloggingene dine på andre enheter er avsluttet.',
  disable: 'Slå av totrinnsinnlogging',
  disableIntro: 'Skriv inn en gjeldende kode fra autentiseringsappen for å slå av totrinnsinnlogging.',
  disabled: 'Totrinnsinnlogging er slått av.',
  cancel: 'Avbryt',
};

import { RULE_MESSAGES } from '../../../server/schemas/rules.ts';
import type { Widen } from './widen.ts';
import { addLatePhrases } from './late.ts';

/**
 * Signing in, in bokmål: the login page, the forgotten password and two-factor sign-in; under app.
 * The sign-in pages read it as it is (src/admin/login/texts.ts); signed in, the security dialog
 * brings it (./late.ts), so no other page's first load does.
 */
export const signInNb = {
  login: {
    title: 'Logg inn',
    intro: 'Innlogging for ansatte',
    email: 'E-post',
    password: 'Passord',
    remember: 'Husk meg',
    forgot: 'Glemt passord?',
    submit: 'Logg inn',
    invalid_email: RULE_MESSAGES.email,
    required: RULE_MESSAGES.required,
  },
  reset: {
    title: 'Glemt passord',
    intro: 'Skriv inn e-postadressen din, så sender vi deg en lenke for å lage nytt passord.',
    submit: 'Send lenke',
    back: 'Tilbake til innlogging',
  },
  two_factor: {
    title: 'Totrinnsinnlogging',
    code_title: 'Bekreft at det er deg',
    code_intro: 'Åpne autentiseringsappen og skriv inn den sekssifrede koden.',
    recovery_intro: 'Skriv inn en av gjenopprettingskodene du tok vare på. Hver kode virker én gang.',
    code: 'Kode fra autentiseringsappen',
    recovery_code: 'Gjenopprettingskode',
    use_recovery: 'Bruk en gjenopprettingskode i stedet',
    use_code: 'Bruk kode fra autentiseringsappen',
    verify: 'Bekreft',
    setup_title: 'Slå på totrinnsinnlogging',
    setup_required: 'Ansatte må bruke totrinnsinnlogging. Sett den opp før du fortsetter.',
    setup_steps:
      'Skann QR-koden med en autentiseringsapp (for eksempel Microsoft Authenticator eller Google Authenticator), eller skriv inn nøkkelen i appen. Skriv så inn koden appen viser.',
    qr_label: 'QR-kode for autentiseringsappen',
    key: 'Nøkkel',
    enable: 'Slå på',
    recovery_title: 'Gjenopprettingskoder',
    recovery_codes_intro:
      'Ta vare på disse kodene et trygt sted. Mister du telefonen, logger du inn med én av dem; hver kode virker én gang. Kodene vises bare nå.',
    done: 'Jeg har tatt vare på kodene',
    status_on: 'Totrinnsinnlogging er slått på.',
    status_off: 'Totrinnsinnlogging er ikke slått på.',
    start: 'Slå på totrinnsinnlogging',
    disable: 'Slå av totrinnsinnlogging',
    disable_intro: 'Skriv inn en gjeldende kode fra autentiseringsappen for å slå av totrinnsinnlogging.',
    disabled_done: 'Totrinnsinnlogging er slått av.',
    enabled_done: 'Totrinnsinnlogging er slått på. Innloggingene dine på andre enheter er avsluttet.',
    required_note: 'Totrinnsinnlogging er påkrevd for ansatte.',
    cancel: 'Avbryt',
    loading: 'Laster …',
    security: 'Sikkerhet og innlogging',
    sessions: 'Aktive innlogginger',
    this_device: 'Denne enheten',
    signed_in_at: 'Logget inn %{time}',
    last_used: 'sist brukt %{time}',
    end_session: 'Avslutt',
    end_session_label: 'Avslutt innloggingen på %{device}',
    ended: 'Innloggingen er avsluttet.',
    close: 'Lukk',
    sign_out: 'Logg ut og avbryt',
    email_code_title: 'Sjekk e-posten din',
    email_code_intro:
      'Kontoen din er beskyttet fordi noen har prøvd mange feil passord, og denne nettleseren har ikke vært brukt til å logge inn før. Var passordet riktig, har vi sendt deg en e-post med en kode. Skriv den inn her.',
    email_code: 'Kode fra e-posten',
    enrolment_mailed_title: 'Sjekk e-posten din',
    enrolment_link_opening: 'Åpner lenken …',
    back_to_sign_in: 'Tilbake til innloggingen',
    staff_title: 'Ansattes totrinnsinnlogging',
    staff_intro:
      'Har en ansatt mistet telefonen, tilbakestiller du totrinnsinnloggingen her. Innloggingene deres avsluttes, og de setter den opp igjen neste gang de logger inn.',
    staff_none: 'Ingen andre ansatte har slått på totrinnsinnlogging.',
    staff_reset: 'Tilbakestill',
    staff_reset_label: 'Tilbakestill totrinnsinnlogging for %{name}',
  },
};

/** Its shape with any text (the rule messages shared with the server are literal types). */
export type SignInTexts = Widen<typeof signInNb>;

addLatePhrases('app', signInNb);

import { addLatePhrases } from './late.ts';

/**
 * 'Sett inn' and the placeholders' names in bokmål (app.settings.templates): the rich-text editors'
 * 'Sett inn' buttons load these alone, not all of 'Innstillinger' (settings-pages-nb.ts imports them too).
 */
export const placeholdersNb = {
  placeholders: 'Sett inn',
  placeholder: {
    first_name: 'Fornavn',
    last_name: 'Etternavn',
    link: 'Lenke',
    member_number: 'Medlemsnummer',
    campaign_code: 'Kampanjekode',
    email: 'E-post',
    button: 'Knapp med lenke',
    instrument: 'Instrument',
    value: 'Verdi',
    expires_on: 'Takst gyldig til',
    years: 'Antall år',
    appraisal_above: 'Grense for takst',
    missing: 'Det som mangler',
    renewal_date: 'Fornyelsesdato',
  },
};

addLatePhrases('app.settings.templates', placeholdersNb);

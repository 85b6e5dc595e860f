/**
 * The certificates' words in Norwegian and English, and how they write a date, an amount, an
 * instrument type and what documents an instrument's value. The claim packet writes them alike.
 */
import type { Lang } from './proof.ts';
import type { InsuredInstrument, TravelProduct } from './covers.ts';
import { INSTRUMENT_TYPE_NAMES } from '../../schemas/reference-names.ts';

const MONTHS_EN = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The texts of both languages. */
export const TEXT = {
  nb: {
    travelTitle: 'Forsikringsbevis – reiseforsikring',
    instrumentsTitle: 'Forsikringsbevis – instrumentforsikring',
    continued: 'fortsettelse',
    insured: 'Forsikret',
    birthdate: 'Fødselsdato',
    memberNumber: 'Medlemsnummer',
    product: 'Produkt',
    area: 'Dekningsområde',
    period: 'Forsikringsperiode',
    insurer: 'Forsikringsselskap',
    policy: 'Polisenummer',
    issued: 'Utstedt',
    unknown: 'Ikke oppgitt',
    products: { Europa: 'Reiseforsikring Europa', Verden: 'Reiseforsikring Verden' } as Record<TravelProduct, string>,
    areas: {
      Europa: 'Alle land i Europa, også Kypros, Tyrkia, Madeira og Kanariøyene',
      Verden: 'Hele verden',
    } as Record<TravelProduct, string>,
    travelBody: (name: string, org: string) =>
      `Dette bekrefter at ${name} er medlem av ${org} og har reiseforsikring gjennom medlemskapet i perioden over, ` +
      'innenfor dekningsområdet som er oppgitt.',
    instrumentsBody: (name: string, org: string) =>
      `Dette bekrefter at instrumentene og utstyret under tilhører ${name}, medlem av ${org}, og er forsikret ` +
      'gjennom medlemskapet i perioden over, med verdiene som er oppgitt.',
    columns: ['Type', 'Produsent', 'Modell', 'Serienummer', 'Verdi', 'Fra dato'],
    appraisal: (value: string, date: string) => `Takst ${value}, ${date}`,
    receipt: 'Kvittering',
    total: (count: number) => `Samlet forsikringssum (${count} ${count === 1 ? 'instrument' : 'instrumenter'})`,
    check: 'Kontroller beviset: skann QR-koden eller åpne adressen under. Siden viser om beviset fortsatt er gyldig.',
    support: (email: string, phone: string) => `Spørsmål om beviset: ${email}, telefon ${phone}.`,
    qrAlt: 'QR-kode til siden som kontrollerer beviset',
    verifyLink: 'Åpne siden som kontrollerer beviset',
    page: (n: number, of: number) => `Side ${n} av ${of}`,
  },
  en: {
    travelTitle: 'Certificate of insurance – travel',
    instrumentsTitle: 'Certificate of insurance – instruments',
    continued: 'continued',
    insured: 'Insured person',
    birthdate: 'Date of birth',
    memberNumber: 'Membership number',
    product: 'Product',
    area: 'Area covered',
    period: 'Period of insurance',
    insurer: 'Insurer',
    policy: 'Policy number',
    issued: 'Issued',
    unknown: 'Not given',
    products: { Europa: 'Travel insurance Europe', Verden: 'Travel insurance Worldwide' } as Record<TravelProduct, string>,
    areas: {
      Europa: 'All countries in Europe, including Cyprus, Turkey, Madeira and the Canary Islands',
      Verden: 'Worldwide',
    } as Record<TravelProduct, string>,
    travelBody: (name: string, org: string) =>
      `This certifies that ${name} is a member of ${org} and holds travel insurance through the membership for the ` +
      'period above, within the area covered stated above.',
    instrumentsBody: (name: string, org: string) =>
      `This certifies that the instruments and equipment listed below belong to ${name}, a member of ${org}, and are ` +
      'insured through the membership for the period above, at the values stated.',
    columns: ['Type', 'Maker', 'Model', 'Serial number', 'Value', 'Start date'],
    appraisal: (value: string, date: string) => `Appraisal ${value}, ${date}`,
    receipt: 'Receipt',
    total: (count: number) => `Total sum insured (${count} ${count === 1 ? 'instrument' : 'instruments'})`,
    check: 'Check this certificate: scan the QR code or open the address below. The page shows whether it is still valid.',
    support: (email: string, phone: string) => `Questions about this certificate: ${email}, phone ${phone}.`,
    qrAlt: 'QR code of the page that checks this certificate',
    verifyLink: 'Open the page that checks this certificate',
    page: (n: number, of: number) => `Page ${n} of ${of}`,
  },
} as const;

/** Instrument types in English (the reference data's categories); others keep their Norwegian name. */
const CATEGORY_EN: Record<number, string> = Object.fromEntries(INSTRUMENT_TYPE_NAMES.map((name) => [name.id, name.en]));

/** 31.12.2026 in Norwegian; 31 December 2026 in English (31 Dec 2026 where space is short). */
export function formatDate(iso: string | null, lang: Lang, short = false): string {
  if (!iso) return TEXT[lang].unknown;
  const [year, month, day] = iso.slice(0, 10).split('-');
  if (lang === 'nb') return `${day}.${month}.${year}`;
  const monthName = MONTHS_EN[Number(month) - 1];
  return `${Number(day)} ${short ? monthName.slice(0, 3) : monthName} ${year}`;
}

export function formatMoney(value: number, lang: Lang): string {
  const digits = String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'nb' ? '\u00a0' : ',');
  return lang === 'nb' ? `${digits} kr` : `NOK ${digits}`;
}

/** What documents the instrument's value ('Takst 120 000 kr, 12.03.2024', 'Kvittering'), or null for nothing. */
export function documentedNote(item: Pick<InsuredInstrument, 'documented_value' | 'documented_on' | 'has_receipt'>, lang: Lang): string | null {
  if (item.documented_value !== null && item.documented_on) {
    return TEXT[lang].appraisal(formatMoney(item.documented_value, lang), formatDate(item.documented_on, lang, true));
  }
  return item.has_receipt ? TEXT[lang].receipt : null;
}

export const categoryName = (item: Pick<InsuredInstrument, 'category_id' | 'category'>, lang: Lang): string =>
  lang === 'en' ? (CATEGORY_EN[item.category_id] ?? item.category) : item.category;

/** Made-up Norwegian people: names, e-mail, mobile number, street address with a real postal code. */
import type { Random } from './random.ts';
import { addDays, yearOf } from './dates.ts';
import { BAND_FIRST, BAND_SECOND, FEMALE_NAMES, LAST_NAMES, MALE_NAMES, NEUTRAL_NAMES, STREETS } from './names.ts';

export interface PostalCode {
  code: string;
  area: string;
}

export interface Person {
  first_name: string;
  last_name: string;
  gender: number;
  email: string;
  phone: string;
  address: string;
  postal_code: string;
  postal_area: string;
  birthdate: string;
  artist_name: string | null;
  primary_instrument_type: number;
  invoice_method: string;
  invoice_email: string | null;
  newsletter_2: boolean;
  newsletter_3: boolean;
}

const CITIES = ['OSLO', 'BERGEN', 'TRONDHEIM', 'STAVANGER', 'TROMSØ', 'KRISTIANSAND', 'DRAMMEN', 'BODØ'];
const DOMAINS = ['example.no', 'example.com', 'example.net'];
/** Instrument categories members can choose as their primary instrument. */
const PRIMARY_INSTRUMENTS = [1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 6, 7, 7, 10];

const ascii = (text: string) =>
  text
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/å/g, 'a')
    .replace(/[^a-z]/g, '');

/** Most people live in the bigger towns, where most musicians work. */
export function postalPicker(random: Random, codes: readonly PostalCode[]): () => PostalCode {
  const cities = codes.filter((code) => CITIES.includes(code.area));
  return () => (random.chance(0.55) && cities.length > 0 ? random.pick(cities) : random.pick(codes));
}

/** Mostly 8-digit mobile numbers; a few old short numbers the list groups with spaces. */
export function phoneNumber(random: Random): string {
  if (random.chance(0.04)) {
    const length = random.int(5, 7);
    return String(random.int(2, 7)) + Array.from({ length: length - 1 }, () => random.int(0, 9)).join('');
  }
  return random.pick(['4', '9']) + Array.from({ length: 7 }, () => random.int(0, 9)).join('');
}

export function makePerson(random: Random, serial: number, pickPostal: () => PostalCode, today: string): Person {
  const gender = random.chance(0.03) ? 3 : random.chance(0.5) ? 1 : 2;
  const first_name = random.pick(gender === 1 ? MALE_NAMES : gender === 2 ? FEMALE_NAMES : NEUTRAL_NAMES);
  const last_name = random.chance(0.1) ? `${random.pick(LAST_NAMES)}-${random.pick(LAST_NAMES)}` : random.pick(LAST_NAMES);
  const email = `${ascii(first_name)}.${ascii(last_name)}${serial}@${random.pick(DOMAINS)}`;
  const postal = pickPostal();
  const byEmail = random.chance(0.35);
  const birthYear = yearOf(today) - random.int(18, 78);
  const band = random.chance(0.3) ? `${random.pick(BAND_FIRST)}${random.pick(BAND_SECOND)}` : null;
  return {
    first_name,
    last_name,
    gender,
    email,
    phone: phoneNumber(random),
    address: `${random.pick(STREETS)} ${random.int(1, 140)}${random.chance(0.15) ? random.pick(['A', 'B', 'C']) : ''}`,
    postal_code: postal.code,
    postal_area: postal.area,
    birthdate: addDays(`${birthYear}-01-01`, random.int(0, 364)),
    // Every musician performs under some name: a band, a stage name, or their own name.
    artist_name: band ?? (random.chance(0.2) ? `${first_name} ${random.pick(BAND_FIRST)}` : `${first_name} ${last_name}`),
    primary_instrument_type: random.pick(PRIMARY_INSTRUMENTS),
    invoice_method: byEmail ? 'EMAIL' : 'EFAKTURA',
    invoice_email: byEmail ? email : null,
    newsletter_2: random.chance(0.6),
    newsletter_3: random.chance(0.3),
  };
}

/** Display formats the spec fixes: dates, times, phone numbers and amounts. */

function dateParts(value: string | null | undefined): [string, string, string] | null {
  if (!value) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (match) {
    // A bare date is a calendar date; a timestamp is shown as its Oslo date.
    if (value.length === 10) return [match[1], match[2], match[3]];
  }
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const parts = new Intl.DateTimeFormat('nb-NO', {
    timeZone: 'Europe/Oslo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(date);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return [get('year'), get('month'), get('day')];
}

/** DD-MM-YYYY, or '' when there is no valid date. */
export function formatDate(value: string | null | undefined): string {
  const parts = dateParts(value);
  return parts ? `${parts[2]}-${parts[1]}-${parts[0]}` : '';
}

/** DD.MM.YYYY (instrument logs). */
export function formatDateDots(value: string | null | undefined): string {
  const parts = dateParts(value);
  return parts ? `${parts[2]}.${parts[1]}.${parts[0]}` : '';
}

/** YYYY-MM-DD (declined list). */
export function formatIsoDate(value: string | null | undefined): string {
  const parts = dateParts(value);
  return parts ? parts.join('-') : '';
}

/** HH:mm in Oslo time. */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', hour: '2-digit', minute: '2-digit', hour12: false }).format(date);
}

/** Phone-like numbers of 5, 6 or 7 digits are grouped 2+3, 3+3, 1+3+3; others are shown as they are. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const text = value.trim();
  if (!/^\d{5,7}$/.test(text)) return text;
  if (text.length === 5) return `${text.slice(0, 2)} ${text.slice(2)}`;
  if (text.length === 6) return `${text.slice(0, 3)} ${text.slice(3)}`;
  return `${text.slice(0, 1)} ${text.slice(1, 4)} ${text.slice(4)}`;
}

/** Thousands separated by spaces: 125000 → '125 000'. */
export function formatAmount(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const number = Math.round(Number(value));
  if (!Number.isFinite(number)) return '';
  const sign = number < 0 ? '-' : '';
  return sign + String(Math.abs(number)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

/** 'Ola Nordmann' → 'ON'. */
export function initials(firstName?: string | null, lastName?: string | null): string {
  return `${firstName?.trim()[0] ?? ''}${lastName?.trim()[0] ?? ''}`.toUpperCase();
}

/** Today as YYYY-MM-DD in Oslo. */
export function todayIso(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Oslo' }).format(now);
}

/** Øre as kroner with øre, as DESIGN fixes money on screen: 129050 → 'kr 1 290,50'. */
export function formatKroner(ore: number | null | undefined): string {
  if (ore === null || ore === undefined || !Number.isFinite(ore)) return '';
  const whole = Math.round(ore);
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  return `${sign}kr ${formatAmount(Math.floor(abs / 100))},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Kroner as people type them ('1 290,50', '1290.5', '1 290', 'kr 1 290,-') to øre as an integer,
 * or null when the text is no amount (more than two decimals, letters, several signs).
 */
export function parseKroner(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/^kr\.?\s*/i, '')
    .replace(/,-$/, '')
    .replace(/[\s\u00a0\u202f]/g, '');
  const match = /^(-?)(\d+)(?:[.,](\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const ore = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(ore)) return null;
  return match[1] ? -ore : ore;
}

/** A KID in groups of five from the left, for reading aloud and comparing: '12345 67890 12345'. */
export function formatKid(kid: string | null | undefined): string {
  if (!kid) return '';
  return kid.replace(/(\d{5})(?=\d)/g, '$1 ');
}

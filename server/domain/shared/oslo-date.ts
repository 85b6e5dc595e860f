/** Calendar dates as people in Norway see them, whatever time zone the server runs in. */
const OSLO_DATE = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Oslo', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today in Oslo as 'YYYY-MM-DD'. */
export const todayInOslo = (now: Date = new Date()): string => OSLO_DATE.format(now);

/** DD-MM-YYYY for a 'YYYY-MM-DD' date or a timestamp (its Oslo date); '' when there is none. */
export function norwegianDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const iso = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : OSLO_DATE.format(new Date(value));
  const [year, month, day] = iso.split('-');
  return `${day}-${month}-${year}`;
}

/** Date arithmetic on 'YYYY-MM-DD' strings, in UTC so the result never depends on the machine. */
export const addDays = (date: string, days: number): string => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

export const addYears = (date: string, years: number): string => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString().slice(0, 10);
};

/** A timestamp on that date during office hours, Norwegian time in winter. */
export const at = (date: string, minuteOfDay: number): string => {
  const hours = String(Math.floor(minuteOfDay / 60)).padStart(2, '0');
  const minutes = String(minuteOfDay % 60).padStart(2, '0');
  return `${date}T${hours}:${minutes}:00+01:00`;
};

export const yearOf = (date: string): number => Number(date.slice(0, 4));

export const endOfYear = (date: string): string => `${yearOf(date)}-12-31`;

/** Today's date in Oslo. */
export const todayInOslo = (): string => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Oslo' }).format(new Date());
